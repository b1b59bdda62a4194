import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidBlobKeyError } from '../src/blobs/blob-key';
import { retryDelayMs, retryPolicyFrom } from '../src/bus/retry-policy';
import { PermanentMessageError } from '../src/bus/message-bus';
import { classifyFailure } from '../src/errors/failure-kind';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('failure classification', () => {
  it('calls bad input permanent', () => {
    expect(classifyFailure(new InvalidBlobKeyError('Invalid blob key "../x"'))).toBe('permanent');
    expect(classifyFailure(new PermanentMessageError('poison'))).toBe('permanent');
    expect(classifyFailure(z.string().safeParse(4).error)).toBe('permanent');
  });

  it('calls outages of PostgreSQL, S3, RabbitMQ and OpenAI transient, also when wrapped', () => {
    const outages = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
      withCode('SlowDown'),
      Object.assign(new Error('rate limited'), { status: 429 }),
      Object.assign(new Error('bad gateway'), { status: 502 }),
      Object.assign(new Error('timed out'), { name: 'APIConnectionTimeoutError' }),
      new TypeError('fetch failed', { cause: withCode('ECONNRESET') }),
      new AggregateError([withCode('ECONNREFUSED')], 'all addresses failed'),
    ];
    expect(outages.map(classifyFailure)).toEqual(outages.map(() => 'transient'));
  });

  it('leaves what it does not recognise unknown', () => {
    expect(classifyFailure(new Error('something odd'))).toBe('unknown');
    expect(classifyFailure('a string')).toBe('unknown');
    expect(classifyFailure(Object.assign(new Error('not found'), { status: 404 }))).toBe('unknown');
  });
});

describe('retry policy', () => {
  const policy = retryPolicyFrom({
    BUS_RETRY_BASE_MS: 1_000,
    BUS_RETRY_MAX_MS: 60_000,
    BUS_RETRY_MAX_ATTEMPTS: 8,
  });

  it('doubles the wait per attempt up to the cap, jittered over the upper half', () => {
    const low = [1, 2, 3, 4, 8].map((attempt) => retryDelayMs(policy, attempt, () => 0));
    const high = [1, 2, 3, 4, 8].map((attempt) => retryDelayMs(policy, attempt, () => 1));
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 30_000]);
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 60_000]);
  });

  it('spans minutes by default', () => {
    const defaults = retryPolicyFrom({});
    const shortest = Array.from({ length: defaults.maxAttempts - 1 }, (_, index) =>
      retryDelayMs(defaults, index + 1, () => 0),
    ).reduce((sum, delay) => sum + delay, 0);
    expect(shortest).toBeGreaterThan(5 * 60_000);
  });
});
