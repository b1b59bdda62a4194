import type { PhotoRefusal, ReadingStatus, ReadingSubmission } from '@palm/contracts';
import { normalisePalmPhoto } from '@palm/palm-photo';
import {
  currentRequestId,
  releaseUpload,
  withPhotoRefusals,
  type BlobStore,
  type Logger,
} from '@palm/platform';
import type { CompletionWaiter } from '../completion-waiter';
import type { OutboxRelay } from '../outbox/outbox-relay';
import { newReadingId, readingBlobFolder } from '../reading-id';
import type { ReadingRepository } from '../reading.repository';
import { deleteReadingFrames, readingFrameKeys } from './palm-frames';

export interface ReadingIntakeDeps {
  repository: ReadingRepository;
  blobs: BlobStore;
  relay: OutboxRelay;
  waiter: CompletionWaiter;
  logger: Logger;
}

/** A visitor's upload as the form gave it: the photo, any extra frames, and their answers. */
export interface ReadingUpload {
  image: Buffer;
  frames: Buffer[];
  submission: ReadingSubmission;
  /**
   * Who owns the reading (a hash of their owner token), asked for only once the photos are
   * accepted: a refused upload leaves nothing behind, not even an owner cookie.
   */
  owner: () => string;
}

export interface AcceptedReading {
  id: string;
  frameCount: number;
}

/** Where a reading stands when a visitor's wait for it ends. */
export type ReadingOutcome =
  | { status: 'completed' }
  /** No palm could be read in the photo: the reading is gone, and the refusal says how to retake it. */
  | { status: 'refused'; refusal: PhotoRefusal }
  | { status: 'failed'; message: string }
  /** Not finished within the wait (or the wait itself failed): the visitor follows it by its id. */
  | { status: Exclude<ReadingStatus, 'completed' | 'failed'> };

/** Where a reading's normalised photo is stored, from intake until retention removes it. */
const readingImageKey = (id: string) => `${readingBlobFolder(id)}/palm.jpg`;

/**
 * A palm reading's intake, free of HTTP: the route reads the form and maps these outcomes to
 * statuses; everything between (checking and storing the photos, recording the reading with its
 * event, waiting for the worker, withdrawing what nobody can open) happens here.
 */
export function createReadingIntake(deps: ReadingIntakeDeps) {
  const { repository, blobs, relay, waiter, logger } = deps;

  async function removePhotos(id: string, frameCount: number): Promise<void> {
    await blobs.delete(readingImageKey(id));
    await deleteReadingFrames(blobs, id, frameCount);
  }

  /**
   * The photo and its frames as the product keeps them, one after another (each is a few hundred
   * milliseconds of sharp); the first refusal answers for all, naming the frame it was.
   */
  async function normaliseAll(image: Buffer, frames: Buffer[]) {
    const photos = [await withPhotoRefusals(normalisePalmPhoto(image))];
    for (const [index, frame] of frames.entries()) {
      const label = `Extra frame ${index + 1} (palmFrames)`;
      photos.push(await withPhotoRefusals(normalisePalmPhoto(frame), label));
    }
    return photos;
  }

  /**
   * Checks and stores the photo and any extra frames, and records the reading with its
   * `reading.requested` event. A refused photo throws its problem and stores nothing; an object store
   * or database that is away throws too, and the photos stored so far are removed. `left` aborts
   * when the visitor has gone: they would never learn the id, so nothing is recorded for them.
   * The photos live only inside this function: the visitor then waits seconds for the worker, and a
   * photo still referenced by then would outlive V8's young generation and stay resident until a
   * full collection — measured at tens of megabytes under eight concurrent uploads.
   */
  async function submitReading(upload: ReadingUpload, left?: AbortSignal): Promise<AcceptedReading> {
    const { image, frames, submission } = upload;
    // Only the normalised photos are ever stored: the uploads, with whatever EXIF and GPS blocks
    // they carry, end here. They share one buffer, released once all are read.
    const [photo, ...framePhotos] = await normaliseAll(image, frames).finally(() => {
      for (const bytes of [image, ...frames]) releaseUpload(bytes);
    });
    left?.throwIfAborted();
    const ownerHash = upload.owner();
    const id = newReadingId();
    const imageKey = readingImageKey(id);
    const frameKeys = readingFrameKeys(id, framePhotos.length);
    try {
      await blobs.put(imageKey, photo!.data, 'image/jpeg');
      for (const [index, frame] of framePhotos.entries()) {
        await blobs.put(frameKeys[index]!, frame.data, 'image/jpeg');
      }
      await repository.insertWithEvent(
        {
          id,
          imageKey,
          imageSize: { width: photo!.width, height: photo!.height },
          frameCount: frameKeys.length,
          submission,
          ownerHash,
        },
        {
          name: 'reading.requested',
          messageId: id,
          requestId: currentRequestId(),
          payload: {
            version: 2,
            readingId: id,
            imageKey,
            ...(frameKeys.length > 0 ? { frameKeys } : {}),
            submission,
            requestedAt: new Date().toISOString(),
          },
        },
      );
    } catch (error) {
      await removePhotos(id, frameKeys.length).catch((cause: unknown) =>
        logger.warn({ err: cause, readingId: id }, 'could not remove the photos of a refused upload'),
      );
      throw error;
    }
    relay.kick();
    logger.info({ readingId: id, bytes: photo!.data.length, frames: frameKeys.length }, 'reading accepted');
    return { id, frameCount: frameKeys.length };
  }

  /**
   * Waits up to `waitMs` for the worker. The reading is accepted already, so a database hiccup
   * while waiting reads as "still queued", never as an error that would make the visitor send the
   * same photo again. A refused photo's reading is removed: the visitor gets the advice, not an id.
   */
  async function awaitReading(id: string, waitMs: number, left?: AbortSignal): Promise<ReadingOutcome> {
    const reading = await waiter.waitFor(id, waitMs, left).catch((error: unknown) => {
      logger.warn({ err: error, readingId: id }, 'could not wait for the reading; answering 202');
      return undefined;
    });
    if (!reading) return { status: 'queued' };
    if (reading.status !== 'failed') return { status: reading.status };
    const message = reading.error ?? 'Failed to generate reading';
    if (reading.failureKind !== 'unreadable_photo') return { status: 'failed', message };
    await repository
      .remove(id)
      .catch((error: unknown) =>
        logger.warn({ err: error, readingId: id }, 'could not remove a refused reading'),
      );
    return { status: 'refused', refusal: { code: 'unreadable_photo', detail: message } };
  }

  /**
   * A reading whose visitor left before its id reached them is withdrawn: nobody could ever open
   * it, so its row, its event if not yet sent, its photo and its frames go. If the worker already
   * took the event, it finds no photo and its outcome matches no row.
   */
  async function withdrawReading({ id, frameCount }: AcceptedReading): Promise<void> {
    try {
      await repository.remove(id);
      await removePhotos(id, frameCount);
      logger.info({ readingId: id }, 'reading withdrawn: its visitor left before receiving its id');
    } catch (error) {
      logger.warn({ err: error, readingId: id }, 'could not withdraw the reading of a visitor who left');
    }
  }

  return { submitReading, awaitReading, withdrawReading };
}
