import type { Database } from '@palm/platform';

export interface ThrottlePolicy {
  /** Failures a budget allows before each next attempt has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  firstDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
  /**
   * Whether a success starts the count afresh. True for one client's own budget; false for the
   * budget all unknown devices share, which a correct code from anywhere must not refill.
   */
  successResets: boolean;
}

/** One budget an attempt is charged to: `key` names whose attempts share it. */
export interface Budget {
  key: string;
  policy: ThrottlePolicy;
}

export type Reservation =
  | {
      allowed: true;
      attemptIds: number[];
      /** Budgets whose free failures this attempt used up: the start of a spike of failures. */
      exhausted: string[];
    }
  | { allowed: false; retryAfterSeconds: number; refusedBy: string };

// Attempts still being checked count as failures, so a burst of parallel guesses cannot slip
// past the limit while the first ones are in flight.
const COUNTED_OUTCOMES = ['failed', 'pending'];

/** How long to wait after `failures` counted failures (newest first, ms since epoch) at `nowMs`. */
export function waitAfterFailures(
  policy: ThrottlePolicy,
  failures: readonly number[],
  nowMs: number,
): number {
  if (failures.length < policy.freeFailures) return 0;
  const delayMs = Math.min(
    policy.maxDelayMs,
    policy.firstDelayMs * 2 ** (failures.length - policy.freeFailures),
  );
  return Math.max(0, failures[0]! + delayMs - nowMs);
}

/**
 * The most attempts a budget can let through in `periodMs`, whoever makes them and however they
 * are timed. Within one window every earlier failure still counts, so past the free ones the
 * k-th attempt waits min(maxDelay, firstDelay·2^(k-1)) after the one before: a window holds the
 * free failures plus as many of those waits as fit into it. One more is allowed for a failure at
 * the window's very edge, which has just stopped counting: the bound errs on the safe side.
 */
export function maxAttemptsIn(policy: ThrottlePolicy, periodMs: number): number {
  let perWindow = policy.freeFailures + 1;
  let elapsed = 0;
  for (let k = 0; ; k++) {
    elapsed += Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** k);
    if (elapsed > policy.windowMs) break;
    perWindow++;
  }
  return Math.ceil(periodMs / policy.windowMs) * perWindow;
}

/**
 * Sign-in brute-force limits, kept in the database so they hold across restarts and replicas.
 * Each attempt is charged to every budget it belongs to (its address, its device, or the budget
 * all unknown devices share) and goes ahead only when none of them asks it to wait.
 */
export class LoginThrottle {
  /**
   * Until when a budget no success refills is known to wait (ms since epoch). A flood of attempts
   * on it is then refused without a query each: in the embedded mode every query runs on the
   * event loop that serves all other requests. Nothing but time ends such a wait (new failures
   * only lengthen it), so the remembered end is never too early.
   */
  private readonly waitingUntil = new Map<string, number>();
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Database) {}

  /** Takes a slot in every budget for one attempt, or says how long to wait. Checks and booking are one locked step. */
  reserve(budgets: readonly Budget[], now: Date): Promise<Reservation> {
    // One reservation at a time in this process (the database lock serialises them anyway): an
    // attempt that queued behind the one that found the wait is refused without a transaction.
    const reservation = this.previous.then(() => this.knownWait(budgets, now) ?? this.book(budgets, now));
    this.previous = reservation.catch(() => undefined);
    return reservation;
  }

  private book(budgets: readonly Budget[], now: Date): Promise<Reservation> {
    // Locks taken in one order everywhere: two attempts sharing budgets cannot deadlock.
    const ordered = [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return this.db.transaction(async (trx) => {
      const exhausted: string[] = [];
      for (const { key, policy } of ordered) {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`admin_auth:login:${key}`]);
        const failures = await this.countedFailures(trx, key, policy, now);
        const waitMs = waitAfterFailures(policy, failures, now.getTime());
        if (waitMs > 0) {
          if (!policy.successResets) this.waitingUntil.set(key, now.getTime() + waitMs);
          return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000), refusedBy: key };
        }
        if (failures.length + 1 === policy.freeFailures) exhausted.push(key);
      }
      const rows = await trx('admin_login_attempts')
        .insert(ordered.map(({ key }) => ({ client: key, outcome: 'pending', attempted_at: now })))
        .returning<{ id: number }[]>('id');
      return { allowed: true, attemptIds: rows.map((row) => row.id), exhausted };
    });
  }

  private knownWait(budgets: readonly Budget[], now: Date): Reservation | undefined {
    for (const { key } of budgets) {
      const waitMs = (this.waitingUntil.get(key) ?? 0) - now.getTime();
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000), refusedBy: key };
    }
    return undefined;
  }

  async settle(attemptIds: readonly number[], succeeded: boolean): Promise<void> {
    await this.db('admin_login_attempts')
      .whereIn('id', attemptIds)
      .update({ outcome: succeeded ? 'succeeded' : 'failed' });
  }

  /** The times (newest first) of the failures that count against this budget now. */
  private async countedFailures(
    db: Database,
    key: string,
    policy: ThrottlePolicy,
    now: Date,
  ): Promise<number[]> {
    let countFrom = new Date(now.getTime() - policy.windowMs);
    if (policy.successResets) {
      const lastSuccess = await db('admin_login_attempts')
        .where({ client: key, outcome: 'succeeded' })
        .andWhere('attempted_at', '>', countFrom)
        .max<{ at: Date | string | null }[]>({ at: 'attempted_at' });
      if (lastSuccess[0]?.at) countFrom = new Date(lastSuccess[0].at);
    }
    const failures = await db('admin_login_attempts')
      .where({ client: key })
      .whereIn('outcome', COUNTED_OUTCOMES)
      .andWhere('attempted_at', '>', countFrom)
      .select<{ attempted_at: Date | string }[]>('attempted_at')
      .orderBy('attempted_at', 'desc');
    return failures.map((row) => new Date(row.attempted_at).getTime());
  }
}
