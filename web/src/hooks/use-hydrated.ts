import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * Whether the app has taken this page over. A page the server rendered (the report, whose scripts
 * wait for its photo to paint) shows its buttons before the app runs, and a press then is lost:
 * such buttons stay disabled until this is true. False in the server's markup and while it is
 * hydrated, true from the render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
