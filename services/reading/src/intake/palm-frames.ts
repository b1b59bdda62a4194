import type { BlobStore } from '@palm/platform';
import { readingBlobFolder } from '../reading-id';

/**
 * Where intake stores a reading's extra frames (`palmFrames`) for the worker: beside the photo,
 * under the reading's unguessable id, numbered from 1. No route serves them.
 */
export const readingFrameKeys = (readingId: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `${readingBlobFolder(readingId)}/frame-${index + 1}.jpg`);

/** Frames serve one reading only: they go when it ends, however it ends. */
export async function deleteReadingFrames(blobs: BlobStore, readingId: string, count: number): Promise<void> {
  for (const key of readingFrameKeys(readingId, count)) await blobs.delete(key);
}
