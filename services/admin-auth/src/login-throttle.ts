import type { Database } from '@palm/platform';

export interface ThrottlePolicy {
  /** Failures a client may make before it has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  firstDelayMs: number;
  /** Failures older than this are forgotten; no wait is longer than this either. */
  windowMs: number;
}

export type Reservation =
  { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

// Attempts still being checked count as failures, so a burst of parallel guesses cannot slip
// past the limit while the first ones are in flight.
const COUNTED_OUTCOMES = ['failed', 'pending'];

/**
 * Sign-in brute-force limits per client address, kept in the database so they hold across
 * restarts and replicas. After `freeFailures` failures in the window a client waits before each
 * next try, twice as long each time (up to the window). There is deliberately no global limit: an
 * attacker could otherwise lock the operator out from anywhere; the growing per-client delays keep
 * guessing slow enough for codes that change every 30 seconds. A success starts the count afresh.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly policy: ThrottlePolicy,
  ) {}

  /** Takes a slot for one attempt, or says how long to wait. Checks and booking are one locked step. */
  reserve(client: string, now: Date): Promise<Reservation> {
    return this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`admin_auth:login:${client}`]);
      const waitMs = await this.waitMs(trx, client, now);
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

  /** How long this client must still wait before its next attempt (0: none). */
  private async waitMs(db: Database, client: string, now: Date): Promise<number> {
    const { freeFailures, firstDelayMs, windowMs } = this.policy;
    const since = new Date(now.getTime() - windowMs);
    const lastSuccess = await db('admin_login_attempts')
      .where({ client, outcome: 'succeeded' })
      .andWhere('attempted_at', '>', since)
      .max<{ at: Date | string | null }[]>({ at: 'attempted_at' });
    const countFrom = lastSuccess[0]?.at ? new Date(lastSuccess[0].at) : since;
    const failures = await db('admin_login_attempts')
      .where({ client })
      .whereIn('outcome', COUNTED_OUTCOMES)
      .andWhere('attempted_at', '>', countFrom)
      .select<{ attempted_at: Date | string }[]>('attempted_at')
      .orderBy('attempted_at', 'desc');
    if (failures.length < freeFailures) return 0;
    const delayMs = Math.min(windowMs, firstDelayMs * 2 ** (failures.length - freeFailures));
    const latest = new Date(failures[0]!.attempted_at).getTime();
    return Math.max(0, latest + delayMs - now.getTime());
  }
}
