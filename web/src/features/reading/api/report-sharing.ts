import type { ReadingEmailAccepted, ReadingSharing, ReadingSharingUpdate } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, jsonBody } from '@/lib/api-client';
import { READING_PATH, readingSharingQueryKey } from './reading-query-keys';

const readingPath = (id: string) => `${READING_PATH}/${encodeURIComponent(id)}`;

/** The PDF download: a plain link, so the browser saves the file itself. */
export const readingPdfUrl = (id: string) => `${readingPath(id)}/pdf`;

/** The address people open: the report page itself (its id is unguessable). */
export const reportShareUrl = (id: string) => `${window.location.origin}/report/${encodeURIComponent(id)}`;

export function getReadingSharingQueryOptions(id: string) {
  return queryOptions({
    queryKey: readingSharingQueryKey(id),
    queryFn: () => apiRequest<ReadingSharing>(`${readingPath(id)}/sharing`),
  });
}

export function updateReadingSharing(id: string, update: ReadingSharingUpdate): Promise<ReadingSharing> {
  return apiRequest<ReadingSharing>(`${readingPath(id)}/sharing`, jsonBody('PUT', update));
}

export function emailReading(id: string, email: string): Promise<ReadingEmailAccepted> {
  return apiRequest<ReadingEmailAccepted>(`${readingPath(id)}/email`, jsonBody('POST', { email }));
}

/** DELETE /api/reading/{id}: the owner removes the reading, its photo and every copy, for good. */
export function deleteReading(id: string): Promise<void> {
  return apiRequest<void>(readingPath(id), { method: 'DELETE' });
}
