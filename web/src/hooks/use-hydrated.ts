import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * Whether the app has taken this page over: false in markup rendered ahead (the server's report,
 * the build's prerendered pages) and while it is hydrated, true from the render after. The
 * report's scripts wait for its photo to paint, so its buttons stay disabled until then (a press
 * before would be lost); the footer's year stays the build's until then (so it hydrates).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
