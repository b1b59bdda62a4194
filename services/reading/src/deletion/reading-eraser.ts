import type { BlobStore } from '@palm/platform';
import type { OutboxRelay } from '../outbox/outbox-relay';
import { readingBlobFolder } from '../reading-id';
import type { ReadingRepository } from '../reading.repository';

/**
 * Erases a reading: everything under its blob folder (photo, PDFs, cards, and whatever frames
 * another part keeps there), any older key its row names, then the row with its email deliveries
 * and every outbox message naming it, with the reading.deleted event that has the other services
 * forget it. Files go before the row, so a store that is away fails the erase and leaves the
 * reading whole to be erased again, never a row gone and its photo left unreachable.
 */
export type ReadingEraser = (id: string, requestId?: string) => Promise<void>;

export function createReadingEraser(deps: {
  repository: ReadingRepository;
  blobs: BlobStore;
  relay: OutboxRelay;
}): ReadingEraser {
  const { repository, blobs, relay } = deps;
  return async (id, requestId) => {
    const folder = readingBlobFolder(id);
    await blobs.deleteFolder(folder);
    for (const key of await repository.storedBlobKeys(id)) await blobs.delete(key);
    await repository.deleteWithEvent(id, { requestId });
    relay.kick();
    // A PDF or card rendered while the row went was stored after the first pass.
    await blobs.deleteFolder(folder);
  };
}
