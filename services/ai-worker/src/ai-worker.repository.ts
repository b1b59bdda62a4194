import type { ReadingCompleted, ReadingFailed } from '@palm/contracts';
import type { Database } from '@palm/platform';

/** What a finished job published, kept so a duplicate message republishes it instead of reading again. */
export type JobOutcome =
  | { event: 'reading.completed'; payload: ReadingCompleted }
  | { event: 'reading.failed'; payload: ReadingFailed };

export type ClaimResult =
  | { kind: 'claimed'; attempts: number }
  | { kind: 'done'; outcome: JobOutcome }
  /** Another message for the same reading holds a fresh claim: its worker will publish the outcome. */
  | { kind: 'busy' };

export interface AiWorkerRepository {
  /**
   * Claims the job for this delivery. A redelivery (attempt > 1) of the message that holds the claim
   * takes it over at once: the broker redelivers only once the earlier attempt failed or its worker
   * died. Any other delivery (a duplicate publish) takes it over only once the claim is older than
   * `staleAfterMs`. A replayed delivery (`dlq replay`) also takes over a job that gave up with a
   * processing error, so that the reading is made after all.
   */
  claim(
    readingId: string,
    delivery: { messageId: string; attempt: number; replayed?: boolean },
  ): Promise<ClaimResult>;
  complete(readingId: string, outcome: JobOutcome): Promise<void>;
  /** The owner deleted the reading: its job, and the reading text its outcome holds, go. */
  forget(readingId: string): Promise<void>;
}

const TABLE = 'ai_worker_jobs';

export function createAiWorkerRepository(
  db: Database,
  options: { staleAfterMs: number },
): AiWorkerRepository {
  return {
    async claim(readingId, { messageId, attempt, replayed = false }) {
      const claimed = await db.raw<{ rows: { attempts: number }[] }>(
        `insert into ${TABLE} (reading_id, status, message_id, attempts, updated_at)
         values (?, 'claimed', ?, 1, now())
         on conflict (reading_id) do update
           set message_id = excluded.message_id, attempts = ${TABLE}.attempts + 1, updated_at = now(),
               status = 'claimed', outcome = null
           where (${TABLE}.status = 'claimed'
                  and ((${TABLE}.message_id = excluded.message_id and ?::int > 1)
                       or ${TABLE}.updated_at < now() - ?::int * interval '1 millisecond'))
              or (?::boolean and ${TABLE}.status = 'done'
                  and ${TABLE}.outcome -> 'payload' ->> 'kind' = 'processing_error')
         returning attempts`,
        [readingId, messageId, attempt, options.staleAfterMs, replayed],
      );
      const row = claimed.rows[0];
      if (row) return { kind: 'claimed', attempts: Number(row.attempts) };

      const existing = await db(TABLE)
        .where({ reading_id: readingId })
        .first<{ status: string; outcome: unknown } | undefined>('status', 'outcome');
      if (existing?.status === 'done' && existing.outcome) {
        return { kind: 'done', outcome: parseOutcome(existing.outcome) };
      }
      return { kind: 'busy' };
    },

    async complete(readingId, outcome) {
      await db(TABLE)
        .where({ reading_id: readingId })
        .update({ status: 'done', outcome: JSON.stringify(outcome), updated_at: db.fn.now() });
    },

    async forget(readingId) {
      await db(TABLE).where({ reading_id: readingId }).delete();
    },
  };
}

/** `pg` parses jsonb; keep working if a driver hands back the text. */
function parseOutcome(value: unknown): JobOutcome {
  return (typeof value === 'string' ? JSON.parse(value) : value) as JobOutcome;
}
