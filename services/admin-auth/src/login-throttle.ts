import type { Database } from '@palm/platform';

export interface ThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

export interface ThrottlePolicy {
  perClient: ThrottleLimit;
  global: ThrottleLimit;
}

export type Reservation =
  { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

// Attempts still being checked count as failures, so a burst of parallel guesses cannot slip
// past the limit while the first ones are in flight.
const COUNTED_OUTCOMES = ['failed', 'pending'];

/**
 * Sign-in brute-force limits, kept in the database so they hold across restarts and replicas:
 * at most `perClient.maxFailures` failures per client address and `global.maxFailures` in all
 * within their windows.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly policy: ThrottlePolicy,
  ) {}

  /** Takes a slot for one attempt, or says how long to wait. Checks and booking are one locked step. */
  reserve(client: string, now: Date): Promise<Reservation> {
    return this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['admin_auth:login']);
      const waits = await Promise.all([
        this.waitMs(trx, this.policy.perClient, now, client),
        this.waitMs(trx, this.policy.global, now),
      ]);
      const waitMs = Math.max(...waits);
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
      const [row] = await trx('admin_login_attempts')
        .insert({ client, outcome: 'pending', attempted_at: now })
        .returning<{ id: number }[]>('id');
      if (!row) throw new Error('recording the sign-in attempt returned no id');
      return { allowed: true, attemptId: row.id };
    });
  }

  async settle(attemptId: number, succeeded: boolean): Promise<void> {
    await this.db('admin_login_attempts')
      .where({ id: attemptId })
      .update({ outcome: succeeded ? 'succeeded' : 'failed' });
  }

  /** How long until fewer than `maxFailures` counted attempts remain in the window (0: none to wait). */
  private async waitMs(db: Database, limit: ThrottleLimit, now: Date, client?: string): Promise<number> {
    const recent = await db('admin_login_attempts')
      .modify((query) => {
        if (client !== undefined) void query.where({ client });
      })
      .whereIn('outcome', COUNTED_OUTCOMES)
      .andWhere('attempted_at', '>', new Date(now.getTime() - limit.windowMs))
      .orderBy('attempted_at', 'desc')
      .limit(limit.maxFailures)
      .select<{ attempted_at: Date | string }[]>('attempted_at');
    const oldestCounted = recent[limit.maxFailures - 1];
    if (!oldestCounted) return 0;
    return new Date(oldestCounted.attempted_at).getTime() + limit.windowMs - now.getTime();
  }
}
