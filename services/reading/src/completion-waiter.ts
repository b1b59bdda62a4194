import type { ReadingRecord, ReadingRepository } from './reading.repository';

const isFinished = (reading: ReadingRecord | undefined) =>
  reading?.status === 'completed' || reading?.status === 'failed';

/**
 * Lets POST /api/reading answer as soon as its reading is finished. Results usually arrive through
 * this process's own consumer (`notify`); with several replicas another one may store it, so the
 * waiter also looks at the database every `pollMs`.
 */
export function createCompletionWaiter(repository: ReadingRepository, pollMs = 500) {
  const listeners = new Map<string, Set<() => void>>();

  return {
    notify(readingId: string): void {
      for (const listener of listeners.get(readingId) ?? []) listener();
    },

    /** Resolves with the finished reading, or with its current state once `timeoutMs` has passed. */
    async waitFor(
      readingId: string,
      timeoutMs: number,
      signal?: AbortSignal,
    ): Promise<ReadingRecord | undefined> {
      const deadline = Date.now() + timeoutMs;
      // Listening starts before the first look, so a notification that lands while the database is
      // being read is not lost: `notified` makes the loop look again instead of sleeping.
      let notified: boolean;
      let wake: (() => void) | undefined;
      const listener = () => {
        notified = true;
        wake?.();
      };
      const set = listeners.get(readingId) ?? new Set();
      listeners.set(readingId, set);
      set.add(listener);
      signal?.addEventListener('abort', listener);
      try {
        for (;;) {
          notified = false;
          const reading = await repository.find(readingId);
          const remaining = deadline - Date.now();
          if (isFinished(reading) || remaining <= 0 || signal?.aborted) return reading;
          if (notified) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(pollMs, remaining));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        set.delete(listener);
        if (set.size === 0) listeners.delete(readingId);
        signal?.removeEventListener('abort', listener);
      }
    },
  };
}

export type CompletionWaiter = ReturnType<typeof createCompletionWaiter>;
