import type { Knex } from 'knex';
import type {
  EventName,
  EventPayload,
  ReadingFailed,
  ReadingResult,
  ReadingStatus,
  ReadingSubmission,
} from '@palm/contracts';
import { sanitiseReadingResult, type Database } from '@palm/platform';
import { readingPreview } from './payments/reading-preview';

export interface ReadingRecord {
  id: string;
  status: ReadingStatus;
  imageKey: string | null;
  /** The stored photo's size in pixels; null for readings stored before it was recorded. */
  imageSize: { width: number; height: number } | null;
  /** Extra frames still stored for the worker (0 once the reading has ended). */
  frameCount: number;
  result: ReadingResult | null;
  error: string | null;
  failureKind: ReadingFailed['kind'] | null;
  createdAt: Date;
  completedAt: Date | null;
  /** When the retention sweep deleted the palm photo. */
  imageRemovedAt: Date | null;
  /** sha256 of the owner cookie of the browser that made the reading (null for older readings). */
  ownerHash: string | null;
  /** Set by Share, cleared by "Stop sharing": until then only the owner's browser opens the reading. */
  sharedAt: Date | null;
  /** The visitor chose to show the palm photo on the share card instead of the outline. */
  sharePhoto: boolean;
  /** Payments are on and this reading is not paid for: `result` is its free preview. */
  locked: boolean;
}

interface ReadingRow {
  id: string;
  status: ReadingStatus;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  frame_count: number | null;
  result: ReadingResult | string | null;
  error: string | null;
  failure_kind: ReadingFailed['kind'] | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  image_removed_at: Date | string | null;
  owner_hash: string | null;
  shared_at: Date | string | null;
  share_photo: boolean | null;
  /** Rows stored before a field existed lack it: `{}` is a valid row. */
  submission: Partial<Pick<ReadingSubmission, 'focusAreas' | 'given'>> | string;
  unlocked_at: Date | string | null;
}

export interface OutboxMessage {
  id: number;
  messageId: string;
  eventName: EventName;
  payload: unknown;
  requestId: string | null;
}

/**
 * The first focus area the visitor chose, if they chose one: a default filled in for them is not
 * theirs (as the contract reads `given`, a submission without it answered nothing).
 */
function chosenFocusArea(stored: ReadingRow['submission']): string | undefined {
  const submission = parseJson(stored);
  return submission?.given?.includes('focusAreas') ? submission.focusAreas?.[0] : undefined;
}

const parseJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const toRecord = (row: ReadingRow, result: ReadingResult | null, locked: boolean): ReadingRecord => ({
  id: row.id,
  status: row.status,
  imageKey: row.image_key,
  imageSize:
    row.image_width && row.image_height ? { width: row.image_width, height: row.image_height } : null,
  frameCount: row.frame_count ?? 0,
  result,
  error: row.error,
  failureKind: row.failure_kind,
  createdAt: new Date(row.created_at),
  completedAt: row.completed_at ? new Date(row.completed_at) : null,
  imageRemovedAt: row.image_removed_at ? new Date(row.image_removed_at) : null,
  ownerHash: row.owner_hash ?? null,
  sharedAt: row.shared_at ? new Date(row.shared_at) : null,
  sharePhoto: row.share_photo === true,
  locked,
});

/**
 * Rows stored before model text was sanitised with an allow-list may hold links and images, and
 * a tightened allow-list should reach old rows too: so every read, for the JSON API, the PDF, the
 * share card and the email alike, gets the stored text through the sanitiser again (about 1 ms
 * for a 5 KB reading; a second pass changes nothing in a clean row).
 */
async function storedResult(value: ReadingResult | string | null): Promise<ReadingResult | null> {
  const result = parseJson(value);
  return result ? sanitiseReadingResult(result) : null;
}

const TERMINAL: ReadingStatus[] = ['completed', 'failed'];

/** `paywall`: payments are on, so a reading not paid for is read as its free preview. */
export function createReadingRepository(db: Database, { paywall = false }: { paywall?: boolean } = {}) {
  return {
    /** The reading and its event commit together or not at all. */
    async insertWithEvent<N extends EventName>(
      reading: {
        id: string;
        imageKey: string;
        imageSize: { width: number; height: number };
        frameCount: number;
        submission: ReadingSubmission;
        ownerHash: string;
      },
      event: { name: N; payload: EventPayload<N>; messageId: string; requestId: string | undefined },
    ): Promise<void> {
      await db.transaction(async (trx: Knex.Transaction) => {
        await trx('readings').insert({
          id: reading.id,
          status: 'queued',
          image_key: reading.imageKey,
          image_width: reading.imageSize.width,
          image_height: reading.imageSize.height,
          frame_count: reading.frameCount,
          submission: JSON.stringify(reading.submission),
          flow_id: reading.submission.flowId ?? null,
          flow_version: reading.submission.flowVersion ?? null,
          owner_hash: reading.ownerHash,
        });
        await trx('reading_outbox').insert(outboxRow(event));
      });
    },

    /**
     * With `withText: false` the reading's text is left unread (`result` is null): a photo request
     * needs only who may see it, and parsing and sanitising the text took ~12 % of the product's
     * CPU when the photo was fetched often.
     */
    async find(id: string, options: { withText?: boolean } = {}): Promise<ReadingRecord | undefined> {
      const row = await db<ReadingRow>('readings').where({ id }).first();
      if (!row) return undefined;
      const locked = paywall && row.unlocked_at === null;
      const result = options.withText === false ? null : await storedResult(row.result);
      return toRecord(
        row,
        result && locked ? readingPreview(result, chosenFocusArea(row.submission)) : result,
        locked,
      );
    },

    /** Share / "Stop sharing", and whether the share card shows the photo. */
    async setSharing(id: string, sharing: { shared: boolean; includePhoto?: boolean }): Promise<void> {
      await db('readings')
        .where({ id })
        .update({
          shared_at: sharing.shared ? db.raw('coalesce(shared_at, now())') : null,
          ...(sharing.includePhoto === undefined ? {} : { share_photo: sharing.includePhoto }),
        });
    },

    /**
     * Only a reading that has not finished yet takes a result: a redelivered event changes nothing.
     * A reading that failed with a processing error (the worker gave up during an outage) takes a
     * result from a replayed job (`npm run dlq replay`).
     */
    async complete(id: string, result: ReadingResult): Promise<boolean> {
      const updated = await db('readings')
        .where({ id })
        .andWhere((query) =>
          query
            .whereNotIn('status', TERMINAL)
            .orWhere((failed) => failed.where({ status: 'failed', failure_kind: 'processing_error' })),
        )
        .update({
          status: 'completed',
          // Model-written text is stored only as the allow-list leaves it.
          result: JSON.stringify(await sanitiseReadingResult(result)),
          error: null,
          failure_kind: null,
          completed_at: db.fn.now(),
        });
      return updated > 0;
    },

    /** The reading's extra frames have been deleted. */
    async clearFrames(id: string): Promise<void> {
      await db('readings').where({ id }).update({ frame_count: 0 });
    },

    /** Forgets a reading whose photo was refused: the visitor who waited for it never got its id. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (trx: Knex.Transaction) => {
        await trx('reading_outbox').where({ message_id: id }).delete();
        await trx('readings').where({ id }).delete();
      });
    },

    /** The blob keys the row names, the photo's and an older reading's original upload's. */
    async storedBlobKeys(id: string): Promise<string[]> {
      const row = await db('readings')
        .where({ id })
        .first<{ image_key: string | null; original_image_key: string | null } | undefined>(
          'image_key',
          'original_image_key',
        );
      return [row?.image_key, row?.original_image_key].filter((key): key is string => Boolean(key));
    },

    /**
     * The owner deleted the reading: its row (with its email deliveries), every outbox message that
     * names it (reading.requested carries the answers), and the event that tells the other
     * services to forget it, in one transaction.
     */
    async deleteWithEvent(id: string, event: { requestId: string | undefined }): Promise<boolean> {
      return db.transaction(async (trx: Knex.Transaction) => {
        const deleted = await trx('readings').where({ id }).delete();
        if (deleted === 0) return false;
        await trx('reading_outbox')
          .where({ message_id: id })
          .orWhereRaw("payload->>'readingId' = ?", [id])
          .delete();
        await trx('reading_outbox').insert(deletionEvent(`deleted-${id}`, id, event.requestId));
        return true;
      });
    },

    /**
     * Tells the other services again to forget a reading that is already gone (a result that
     * arrived after the deletion was stored by the worker after it forgot). Once per reading.
     */
    async repeatDeletionEvent(id: string): Promise<void> {
      await db('reading_outbox')
        .insert(deletionEvent(`deleted-again-${id}`, id))
        .onConflict('message_id')
        .ignore();
    },

    /** `photoRemoved`: the photo was deleted with the failure (a refused photo is not kept). */
    async fail(
      id: string,
      failure: Pick<ReadingFailed, 'kind' | 'message'> & { photoRemoved: boolean },
    ): Promise<boolean> {
      const updated = await db('readings')
        .where({ id })
        .whereNotIn('status', TERMINAL)
        .update({
          status: 'failed',
          ...(failure.photoRemoved ? { image_key: null } : {}),
          failure_kind: failure.kind,
          error: failure.message,
          completed_at: db.fn.now(),
        });
      return updated > 0;
    },

    async pendingOutbox(limit: number): Promise<OutboxMessage[]> {
      const rows = await db('reading_outbox').whereNull('published_at').orderBy('id').limit(limit).select<
        {
          id: number | string;
          message_id: string;
          event_name: EventName;
          payload: unknown;
          request_id: string | null;
        }[]
      >('id', 'message_id', 'event_name', 'payload', 'request_id');
      return rows.map((row) => ({
        id: Number(row.id),
        messageId: row.message_id,
        eventName: row.event_name,
        payload: parseJson(row.payload as string),
        requestId: row.request_id,
      }));
    },

    async markPublished(id: number): Promise<void> {
      await db('reading_outbox').where({ id }).update({ published_at: db.fn.now() });
    },

    async outboxBacklog(): Promise<number> {
      const row = await db('reading_outbox').whereNull('published_at').count<{ count: number | string }[]>({
        count: '*',
      });
      return Number(row[0]?.count ?? 0);
    },

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db('readings')
        .select('status')
        .count<{ status: string; count: number | string }[]>({ count: '*' })
        .groupBy('status');
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;

/** An event as the outbox keeps it until the relay publishes it. */
function outboxRow<N extends EventName>(event: {
  name: N;
  payload: EventPayload<N>;
  messageId: string;
  requestId?: string | undefined;
}) {
  return {
    message_id: event.messageId,
    event_name: event.name,
    payload: JSON.stringify(event.payload),
    request_id: event.requestId ?? null,
  };
}

/** The reading.deleted event that has the other services forget a reading. */
const deletionEvent = (messageId: string, readingId: string, requestId?: string) =>
  outboxRow({
    name: 'reading.deleted',
    payload: { version: 1, readingId, deletedAt: new Date().toISOString() },
    messageId,
    requestId,
  });
