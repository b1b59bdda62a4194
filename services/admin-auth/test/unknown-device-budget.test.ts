import { describe, expect, it } from 'vitest';
import { loadConfig } from '@palm/platform';
import { totpGuessChance, unknownDevicePolicy } from '../src/admin-auth.service';
import { adminAuthConfigSchema } from '../src/config';
import { maxAttemptsIn, waitAfterFailures, type ThrottlePolicy } from '../src/login-throttle';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const defaults = unknownDevicePolicy(loadConfig(adminAuthConfigSchema, {}));

/** An attacker with unlimited addresses: every attempt fails and the next comes the moment it is allowed. */
function greedyAttempts(policy: ThrottlePolicy, periodMs: number): number {
  let failures: number[] = []; // newest first, only those still counted
  let now = 0;
  let attempts = 0;
  while (now < periodMs) {
    failures = failures.filter((at) => at > now - policy.windowMs);
    const waitMs = waitAfterFailures(policy, failures, now);
    if (waitMs > 0) {
      now += waitMs;
      continue;
    }
    failures.unshift(now);
    attempts++;
  }
  return attempts;
}

describe('the budget all unknown devices share', () => {
  it('gives an attacker with unlimited addresses under 1 % chance per 30 days at a 6-digit code', () => {
    // Attempts allowed in 30 days × the 3 codes valid at any moment / 10^6 possible codes.
    const attempts = maxAttemptsIn(defaults, THIRTY_DAYS_MS);
    expect(totpGuessChance(attempts)).toBeLessThan(0.01);
    expect((attempts * 3) / 1_000_000).toBeLessThan(0.01);
  });

  it('bounds what a greedy attacker really gets', () => {
    for (const policy of [
      defaults,
      { ...defaults, freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 60_000, windowMs: 3_600_000 },
    ]) {
      const got = greedyAttempts(policy, THIRTY_DAYS_MS);
      const bound = maxAttemptsIn(policy, THIRTY_DAYS_MS);
      expect(got).toBeLessThanOrEqual(bound);
      // Past the first window the waits never shrink back: the greedy attacker gets the longest wait's pace.
      expect(got).toBeGreaterThan(THIRTY_DAYS_MS / policy.maxDelayMs);
    }
  });

  it('flags settings that would let guessing through', () => {
    const loose = { ...defaults, freeFailures: 200, windowMs: 60 * 60 * 1000 };
    expect(totpGuessChance(maxAttemptsIn(loose, THIRTY_DAYS_MS))).toBeGreaterThan(0.01);
  });

  it('lets the free failures through, then waits twice as long after each, up to the longest wait', () => {
    const policy: ThrottlePolicy = {
      freeFailures: 2,
      firstDelayMs: 1_000,
      maxDelayMs: 3_000,
      windowMs: 60_000,
      successResets: false,
    };
    expect(waitAfterFailures(policy, [10_000], 10_000)).toBe(0);
    expect(waitAfterFailures(policy, [10_000, 9_000], 10_000)).toBe(1_000);
    expect(waitAfterFailures(policy, [10_000, 9_000, 8_000], 10_000)).toBe(2_000);
    expect(waitAfterFailures(policy, [10_000, 9_000, 8_000, 7_000], 10_500)).toBe(2_500);
  });
});
