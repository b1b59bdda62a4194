import type { ReadingStatus, ReadingView } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const READING_PATH = '/api/reading';
/** How often a reading that is still being generated is checked again. */
export const READING_POLL_INTERVAL_MS = 2500;

/**
 * GET /api/reading/{id}. `reading` is left open: spec §3 allows four shapes and the renderer
 * normalises them (see normalize-reading.ts).
 */
export interface ReadingResponse {
  id: string;
  status: ReadingStatus;
  palmUrl: string | null;
  /** The photo's size and its srcset as WebP and JPEG (absent for older readings). */
  palmImage?: PalmImage | null;
  reading: unknown;
  error: string | null;
  /** Set once the photo was deleted under the retention rule. */
  imageRemovedAfterDays?: number | null;
  /** Set while the reading is a free preview that can be unlocked, with the price in minor units. */
  unlock?: { amount: number; currency: string } | null;
}

export type PalmImage = NonNullable<ReadingView['palmImage']>;

export function getReading(id: string): Promise<ReadingResponse> {
  return apiRequest<ReadingResponse>(`${READING_PATH}/${encodeURIComponent(id)}`);
}

export function isReadingPending(status: ReadingStatus | undefined): boolean {
  return status === 'queued' || status === 'processing';
}

/** Reads never poll — except a reading still being generated, which is checked until it settles. */
export function getReadingQueryOptions(id: string) {
  return queryOptions({
    queryKey: [READING_PATH, id],
    queryFn: () => getReading(id),
    refetchInterval: (query) =>
      isReadingPending(query.state.data?.status) ? READING_POLL_INTERVAL_MS : false,
  });
}
