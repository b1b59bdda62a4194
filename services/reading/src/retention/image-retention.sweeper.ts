import { counter, type BlobStore, type Database, type Logger } from '@palm/platform';
import { readingBlobFolder } from '../reading-id';

export const DEFAULT_IMAGE_RETENTION_DAYS = 30;
export const DEFAULT_TEXT_RETENTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
const DEFAULT_BATCH_SIZE = 100;

const imagesRemoved = counter(
  'reading_images_removed_total',
  'Palm photos deleted by the retention sweep because their reading passed the retention period',
);
const readingsErased = counter(
  'readings_erased_total',
  'Readings (text, answers and everything kept with them) deleted by the retention sweep',
);

export interface ImageRetentionSweeperOptions {
  db: Database;
  blobs: BlobStore;
  logger: Logger;
  /** Readings older than this many days lose their photos (READING_IMAGE_RETENTION_DAYS). */
  retentionDays?: number;
  /**
   * Readings older than this many days are erased whole, text and answers included
   * (READING_TEXT_RETENTION_DAYS), by `erase`; without both, readings keep their text.
   */
  textRetentionDays?: number;
  erase?: (id: string) => Promise<void>;
  /** How often the sweep runs; the first run starts right away. */
  intervalMs?: number;
  /** Readings handled per query, so one sweep never holds a long transaction. */
  batchSize?: number;
  now?: () => Date;
}

export interface ImageRetentionSweeper {
  start(): void;
  /** Runs one full sweep now; resolves with the number of readings whose photos were removed. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

interface ExpiredReading {
  id: string;
  image_key: string | null;
  /**
   * Set only on readings accepted before intake stored the normalised photo (reading.requested
   * version 1), whose raw upload waited for the worker; swept so no such upload outlives retention.
   */
  original_image_key: string | null;
}

/**
 * Deletes the palm photos (the normalised image and any original left behind by a reading that
 * never finished) of readings older than the retention period, with the PDF and share cards made
 * from them and the reading's email delivery records, then clears their keys and records
 * `image_removed_at`. The blob goes first: if the process dies in between, the next sweep finds the
 * row again and deleting a missing blob is not an error, so no photo outlives its period.
 */
export function createImageRetentionSweeper(options: ImageRetentionSweeperOptions): ImageRetentionSweeper {
  const { db, blobs } = options;
  const retentionDays = options.retentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  const logger = options.logger.child({ component: 'image-retention' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /**
   * Handles readings batch by batch, `next` taking those not yet failed in this sweep, until a short
   * batch; returns how many were handled. One that fails is left for the next sweep: one
   * unreachable blob must not keep the others.
   */
  async function inBatches<T extends { id: string }>(
    next: (failed: string[]) => Promise<T[]>,
    handle: (reading: T) => Promise<void>,
    failureMessage: string,
  ): Promise<number> {
    let handled = 0;
    const failed = new Set<string>();
    for (;;) {
      const batch = await next([...failed]);
      for (const reading of batch) {
        try {
          await handle(reading);
          handled += 1;
        } catch (error) {
          failed.add(reading.id);
          logger.warn({ err: error, readingId: reading.id }, failureMessage);
        }
      }
      if (batch.length < batchSize) return handled;
    }
  }

  /** The photos go with every copy made from them (PDF, share cards) and the email delivery records. */
  async function removeImages(reading: ExpiredReading): Promise<void> {
    // The reading's folder holds the photo, its extra frames and every copy made from them, whatever their names.
    await blobs.deleteFolder(readingBlobFolder(reading.id));
    for (const key of [reading.image_key, reading.original_image_key]) {
      if (key) await blobs.delete(key);
    }
    await db.transaction(async (trx) => {
      await trx('reading_deliveries').where({ reading_id: reading.id }).delete();
      await trx('readings')
        .where({ id: reading.id })
        .update({ image_key: null, original_image_key: null, frame_count: 0, image_removed_at: now() });
    });
  }

  /** An email asked for after the photo was already gone keeps its address no longer than one would have. */
  async function removeOldDeliveries(cutoff: Date): Promise<number> {
    return db('reading_deliveries').where('requested_at', '<', cutoff).delete();
  }

  /** Readings past the text period go whole, as the owner's "Delete this reading" takes them. */
  async function eraseOldReadings(): Promise<number> {
    const { textRetentionDays, erase } = options;
    if (!textRetentionDays || !erase) return 0;
    const cutoff = new Date(now().getTime() - textRetentionDays * DAY_MS);
    return inBatches(
      (failed) =>
        db('readings')
          .where('created_at', '<', cutoff)
          .whereNotIn('id', failed)
          .orderBy('created_at')
          .limit(batchSize)
          .select<{ id: string }[]>('id'),
      async ({ id }) => {
        await erase(id);
        readingsErased.inc();
      },
      'could not erase a reading past its period; will retry',
    );
  }

  async function sweepAll(): Promise<number> {
    const cutoff = new Date(now().getTime() - retentionDays * DAY_MS);
    const removed = await inBatches(
      (failed) =>
        db<ExpiredReading>('readings')
          .where('created_at', '<', cutoff)
          .andWhere((query) => query.whereNotNull('image_key').orWhereNotNull('original_image_key'))
          .whereNotIn('id', failed)
          .orderBy('created_at')
          .limit(batchSize)
          .select('id', 'image_key', 'original_image_key'),
      async (reading) => {
        await removeImages(reading);
        imagesRemoved.inc();
      },
      'could not remove a palm photo; will retry',
    );
    const erased = await eraseOldReadings();
    if (erased > 0)
      logger.info(
        { erased, textRetentionDays: options.textRetentionDays },
        'erased readings past their text retention',
      );
    const deliveries = await removeOldDeliveries(cutoff);
    if (deliveries > 0)
      logger.info({ deliveries, retentionDays }, 'removed email delivery records past the retention period');
    if (removed > 0) logger.info({ removed, retentionDays }, 'removed palm photos past the retention period');
    return removed;
  }

  function sweep(): Promise<number> {
    running ??= sweepAll().finally(() => {
      running = undefined;
    });
    return running;
  }

  function scheduledSweep(): void {
    sweep().catch((error: unknown) =>
      logger.warn({ err: error }, 'image retention sweep failed; will retry'),
    );
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(scheduledSweep, intervalMs);
      timer.unref();
      scheduledSweep();
    },
    sweep,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
