import { useSyncExternalStore } from 'react';
import { adminSession } from '@/lib/api-client';

/** The stored operator session id, re-rendering when it is set or cleared (also in other tabs). */
export function useAdminSession(): string | null {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get, () => null);
}
