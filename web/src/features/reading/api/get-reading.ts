import type { ReadingStatus, ReadingView } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { READING_PATH, readingQueryKey } from './reading-query-keys';

/** How often a reading that is still being generated is checked again. */
export const READING_POLL_INTERVAL_MS = 2500;

export type PalmImage = NonNullable<ReadingView['palmImage']>;

/** GET /api/reading/{id}, as the contract declares it (older stored shapes: normalize-reading.ts). */
export function getReading(id: string): Promise<ReadingView> {
  return apiRequest<ReadingView>(`${READING_PATH}/${encodeURIComponent(id)}`);
}

export function isReadingPending(status: ReadingStatus | undefined): boolean {
  return status === 'queued' || status === 'processing';
}

/** Reads never poll — except a reading still being generated, which is checked until it settles. */
export function getReadingQueryOptions(id: string) {
  return queryOptions({
    queryKey: readingQueryKey(id),
    queryFn: () => getReading(id),
    refetchInterval: (query) =>
      isReadingPending(query.state.data?.status) ? READING_POLL_INTERVAL_MS : false,
  });
}
