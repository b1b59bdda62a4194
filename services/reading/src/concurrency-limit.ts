export interface LimiterOptions {
  /**
   * A task still running after this long gives its place to the next one and runs on outside the
   * count: a slow task then delays the others by at most this much instead of for all its time.
   */
  yieldAfterMs?: number;
  /** However many tasks have given up their places, no more than this many run at once. */
  maxRunning?: number;
  /** Tasks that may wait at once; one more that cannot start is refused at once with BacklogFullError. */
  maxWaiting?: number;
}

export interface TaskOptions {
  /**
   * Whose task it is (a client address): one owner holds at most one place at a time, so however
   * many slow tasks one client starts, the other places stay free for everyone else.
   */
  owner?: string;
  /** Aborting it takes a waiting task out of the line; it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The line is full: the task was not queued, and nothing of it ran. */
export class BacklogFullError extends Error {
  override name = 'BacklogFullError';
}

interface Waiting {
  owner: string | undefined;
  start: () => void;
}

/**
 * Runs at most `concurrency` tasks at once; the others wait their turn, first come first served,
 * except that a task whose owner already holds a place lets the next owner's task go first.
 * With `yieldAfterMs`, a task that outlasts it stops counting, up to `maxRunning` tasks in all.
 */
export function createLimiter(concurrency: number, options: LimiterOptions = {}) {
  const { yieldAfterMs, maxRunning = concurrency, maxWaiting = Infinity } = options;
  let placesTaken = 0;
  let running = 0;
  const waiting: Waiting[] = [];
  const ownersWithAPlace = new Set<string>();
  const holdsAPlace = (owner: string | undefined) => owner !== undefined && ownersWithAPlace.has(owner);
  const startWaiting = () => {
    while (placesTaken < concurrency && running < maxRunning) {
      const next = waiting.findIndex((task) => !holdsAPlace(task.owner));
      if (next < 0) return;
      const [task] = waiting.splice(next, 1);
      placesTaken++;
      running++;
      if (task!.owner !== undefined) ownersWithAPlace.add(task!.owner);
      task!.start();
    }
  };

  return async function limit<T>(task: () => Promise<T>, taskOptions: TaskOptions = {}): Promise<T> {
    const { owner, signal } = taskOptions;
    signal?.throwIfAborted();
    // startWaiting takes the place on this task's behalf before it resolves, at once if one is free.
    await new Promise<void>((resolve, reject) => {
      const leaveLine = () => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leaveLine();
        reject(signal!.reason as Error);
      };
      const entry: Waiting = {
        owner,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      waiting.push(entry);
      startWaiting();
      if (!waiting.includes(entry)) return;
      if (waiting.length > maxWaiting) {
        leaveLine();
        reject(new BacklogFullError('the line of waiting tasks is full'));
        return;
      }
      // Only a task still in the line listens: one that has started is its caller's to stop.
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    let holdsPlace = true;
    const givePlace = () => {
      if (holdsPlace) {
        holdsPlace = false;
        placesTaken--;
        if (owner !== undefined) ownersWithAPlace.delete(owner);
      }
      startWaiting();
    };
    const patience = yieldAfterMs === undefined ? undefined : setTimeout(givePlace, yieldAfterMs);
    patience?.unref();
    try {
      return await task();
    } finally {
      clearTimeout(patience);
      running--;
      givePlace();
    }
  };
}
