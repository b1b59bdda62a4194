import type { BlobStore } from '@palm/platform';
import { createLimiter } from '../concurrency-limit';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';

/**
 * Gets a copy made from a reading (its PDF, share card, or the photo at another size), made on
 * first request and then kept in the blob store under `key`, beside the photo; `keep: false` makes
 * it without keeping it. `make` runs two at a time per keeper, so a burst of first requests cannot
 * exhaust memory.
 */
export type KeptCopy = (
  key: string,
  reading: ReadingRecord,
  contentType: string,
  make: () => Promise<Buffer>,
  options?: { keep?: boolean },
) => Promise<Buffer>;

export function createCopyKeeper(deps: { repository: ReadingRepository; blobs: BlobStore }): KeptCopy {
  const { repository, blobs } = deps;
  const limit = createLimiter(2);
  return async (key, reading, contentType, make, { keep = true } = {}) => {
    const kept = await blobs.get(key);
    if (kept) return kept.data;
    const data = await limit(make);
    if (!keep) return data;
    await blobs.put(key, data, contentType);
    // The sweep or an erase may have removed the photo while this copy was being made: then it goes too.
    const now = await repository.find(reading.id, { withText: false });
    if (now?.imageKey !== reading.imageKey) await blobs.delete(key);
    return data;
  };
}
