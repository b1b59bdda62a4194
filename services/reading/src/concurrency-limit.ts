export interface LimiterOptions {
  /**
   * A task still running after this long gives its place to the next one and runs on outside the
   * count: a slow task then delays the others by at most this much instead of for all its time.
   */
  yieldAfterMs?: number;
  /** However many tasks have given up their places, no more than this many run at once. */
  maxRunning?: number;
}

/**
 * Runs at most `concurrency` tasks at once; the others wait their turn, first come first served.
 * With `yieldAfterMs`, a task that outlasts it stops counting, up to `maxRunning` tasks in all.
 */
export function createLimiter(concurrency: number, options: LimiterOptions = {}) {
  const { yieldAfterMs, maxRunning = concurrency } = options;
  let placesTaken = 0;
  let running = 0;
  const waiting: (() => void)[] = [];
  const startWaiting = () => {
    while (waiting.length > 0 && placesTaken < concurrency && running < maxRunning) {
      placesTaken++;
      running++;
      waiting.shift()!();
    }
  };

  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    // startWaiting takes the place on this task's behalf before it resolves, at once if one is free.
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      startWaiting();
    });
    let holdsPlace = true;
    const givePlace = () => {
      if (holdsPlace) {
        holdsPlace = false;
        placesTaken--;
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
