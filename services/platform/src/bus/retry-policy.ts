import { z } from 'zod';

/**
 * How a message whose handler failed for a passing reason is tried again: up to `maxAttempts`
 * deliveries in all, the n-th retry after about `baseDelayMs × 2^(n-1)` (at most `maxDelayMs`),
 * with jitter so that messages which failed together do not all come back together. The defaults
 * span about a quarter of an hour, enough to ride out a restarted database, broker or object store;
 * tests shrink them to seconds through the BUS_RETRY_* settings.
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
};

const wholeNumber = z.coerce
  .number({ error: 'expected a whole number ≥ 1' })
  .int('expected a whole number ≥ 1')
  .min(1, 'expected a whole number ≥ 1')
  .optional();

/** The BUS_RETRY_* settings every service reads with its infrastructure settings (unset: defaults). */
export const retryPolicySettings = {
  BUS_RETRY_MAX_ATTEMPTS: wholeNumber,
  BUS_RETRY_BASE_MS: wholeNumber,
  BUS_RETRY_MAX_MS: wholeNumber,
};

export function retryPolicyFrom(config: {
  BUS_RETRY_MAX_ATTEMPTS?: number | undefined;
  BUS_RETRY_BASE_MS?: number | undefined;
  BUS_RETRY_MAX_MS?: number | undefined;
}): RetryPolicy {
  return {
    maxAttempts: config.BUS_RETRY_MAX_ATTEMPTS ?? DEFAULT_RETRY_POLICY.maxAttempts,
    baseDelayMs: config.BUS_RETRY_BASE_MS ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxDelayMs: Math.max(
      config.BUS_RETRY_MAX_MS ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      config.BUS_RETRY_BASE_MS ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    ),
  };
}

/**
 * The wait before the delivery after `attempt` failed: exponential, capped, and jittered over its
 * upper half ("equal jitter"), so the backoff still grows while retries spread out.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
