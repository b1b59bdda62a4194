import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BacklogFullError,
  createLimiter,
  type LimiterOptions,
  type TaskOptions,
} from '../src/concurrency-limit';

/** Tasks that run until the test finishes them, recording which have started. */
function harness(concurrency: number, options?: LimiterOptions) {
  const limit = createLimiter(concurrency, options);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (name: string, taskOptions?: TaskOptions) =>
    limit(
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          finishers.set(name, () => resolve(name));
        }),
      taskOptions,
    );
  const finish = async (name: string) => {
    finishers.get(name)!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { submit, finish, started };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks and starts the waiting ones first come, first served', async () => {
    const { submit, finish, started } = harness(2);
    const results = ['a', 'b', 'c', 'd'].map((name) => submit(name));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toEqual(['a', 'b']);
    await finish('b');
    expect(started).toEqual(['a', 'b', 'c']);
    await finish('a');
    await finish('c');
    await finish('d');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees a place when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('broken upload')))).rejects.toThrow('broken upload');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('lets the next task start when one outlasts its patience, and the slow one still finishes', async () => {
    const { submit, finish, started } = harness(2, { yieldAfterMs: 2_000, maxRunning: 4 });
    const slow = submit('slow');
    void submit('fast');
    void submit('third');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(started).toEqual(['slow', 'fast']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['slow', 'fast', 'third']);
    await finish('slow');
    await expect(slow).resolves.toBe('slow');
  });

  it('does not count a task twice when it finishes after giving up its place', async () => {
    const { submit, finish, started } = harness(1, { yieldAfterMs: 100, maxRunning: 3 });
    for (const name of ['a', 'b', 'c', 'd']) void submit(name);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(['a', 'b']);
    await finish('a');
    // b still holds the one place: a's end frees no place of its own.
    expect(started).toEqual(['a', 'b']);
    await finish('b');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('never runs more than maxRunning, however many have given up their places', async () => {
    const { submit, finish, started } = harness(2, { yieldAfterMs: 100, maxRunning: 3 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) void submit(name);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toEqual(['a', 'b', 'c']);
    await finish('a');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a task at once when maxWaiting tasks already wait, and never runs it', async () => {
    const { submit, finish, started } = harness(1, { maxWaiting: 1 });
    void submit('running');
    const waiting = submit('waiting');
    await expect(submit('refused')).rejects.toBeInstanceOf(BacklogFullError);
    await finish('running');
    await finish('waiting');
    await expect(waiting).resolves.toBe('waiting');
    expect(started).toEqual(['running', 'waiting']);
  });

  it('with no waiting allowed, still starts a task that finds a free place', async () => {
    const { submit, started } = harness(1, { maxWaiting: 0 });
    void submit('first');
    await expect(submit('second')).rejects.toBeInstanceOf(BacklogFullError);
    expect(started).toEqual(['first']);
  });

  it('takes a waiting task out of the line when its signal aborts: it never runs and frees its spot', async () => {
    const { submit, finish, started } = harness(1, { maxWaiting: 1 });
    void submit('running');
    const visitor = new AbortController();
    const abandoned = submit('abandoned', { signal: visitor.signal });
    const reason = new Error('the visitor left');
    visitor.abort(reason);
    await expect(abandoned).rejects.toBe(reason);
    const next = submit('next');
    await finish('running');
    await finish('next');
    await expect(next).resolves.toBe('next');
    expect(started).toEqual(['running', 'next']);
  });

  it('leaves the line alone when the signal of a task that already started aborts', async () => {
    const { submit, finish, started } = harness(1, { maxWaiting: 1 });
    const visitor = new AbortController();
    void submit('started', { signal: visitor.signal });
    const waiting = submit('waiting');
    await vi.advanceTimersByTimeAsync(0);
    visitor.abort(new Error('the visitor left mid-upload'));
    await finish('started');
    expect(started).toEqual(['started', 'waiting']);
    await finish('waiting');
    await expect(waiting).resolves.toBe('waiting');
  });

  it("gives one owner one place at a time, so another owner's task takes the other place first", async () => {
    const { submit, finish, started } = harness(2);
    void submit('a1', { owner: 'A' });
    void submit('a2', { owner: 'A' });
    void submit('b1', { owner: 'B' });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });

  it('lets an owner whose task gave up its place start its next one', async () => {
    const { submit, started } = harness(2, { yieldAfterMs: 100, maxRunning: 4 });
    void submit('a1', { owner: 'A' });
    void submit('a2', { owner: 'A' });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a1']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(['a1', 'a2']);
  });
});
