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

export type Attempt =
  | {
      allowed: true;
      succeeded: boolean;
      /** Budgets whose free failures this attempt used up: the start of a spike of failures. */
      exhausted: string[];
    }
  | { allowed: false; retryAfterSeconds: number; refusedBy: string };

// Only a success is not held against a budget. Rows an earlier version booked as 'pending' before
// checking their code, and never settled, count as the failures they may have been.
const UNCOUNTED_OUTCOME = 'succeeded';

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

  /**
   * Checks one attempt's code with `check`, unless a budget asks it to wait, and charges it to
   * every budget. Checking and booking are one locked transaction, so an attempt costs one write:
   * in the embedded mode PGlite commits on the event loop that serves every other request, and a
   * burst of guesses with a write to book and another to settle each stalled them (bench:admin-auth).
   * `check` must do its database work through the transaction it is given.
   */
  attempt(
    budgets: readonly Budget[],
    now: Date,
    check: (trx: Database) => Promise<boolean>,
  ): Promise<Attempt> {
    // One attempt at a time in this process (the database lock serialises them anyway): an
    // attempt that queued behind the one that found the wait is refused without a transaction.
    const attempt = this.previous.then(
      () => this.knownWait(budgets, now) ?? this.checkAndBook(budgets, now, check),
    );
    this.previous = attempt.catch(() => undefined);
    return attempt;
  }

  private async checkAndBook(
    budgets: readonly Budget[],
    now: Date,
    check: (trx: Database) => Promise<boolean>,
  ): Promise<Attempt> {
    // Locks taken in one order everywhere: two attempts sharing budgets cannot deadlock.
    const ordered = [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let checkFailed: { error: unknown } | undefined;
    const attempt = await this.db.transaction(async (trx): Promise<Attempt> => {
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
      let succeeded = false;
      try {
        succeeded = await check(trx);
      } catch (error) {
        // An attempt whose check broke still counts as a failure: a fault is no free guess.
        checkFailed = { error };
      }
      await trx('admin_login_attempts').insert(
        ordered.map(({ key }) => ({
          client: key,
          outcome: succeeded ? 'succeeded' : 'failed',
          attempted_at: now,
        })),
      );
      return { allowed: true, succeeded, exhausted };
    });
    if (checkFailed) throw checkFailed.error;
    return attempt;
  }

  private knownWait(budgets: readonly Budget[], now: Date): Attempt | undefined {
    for (const { key } of budgets) {
      const waitMs = (this.waitingUntil.get(key) ?? 0) - now.getTime();
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000), refusedBy: key };
    }
    return undefined;
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
      .whereNot('outcome', UNCOUNTED_OUTCOME)
      .andWhere('attempted_at', '>', countFrom)
      .select<{ attempted_at: Date | string }[]>('attempted_at')
      .orderBy('attempted_at', 'desc');
    return failures.map((row) => new Date(row.attempted_at).getTime());
  }
}
