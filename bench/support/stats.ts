/** Nearest-rank percentile of values already sorted in ascending order. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The arithmetic mean; 0 for no values. */
export const mean = (values: readonly number[]): number =>
  values.reduce((sum, v) => sum + v, 0) / (values.length || 1);

export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** Load average and core count, so a figure taken on a busy machine says so. */
export async function machineLoad(): Promise<string> {
  const { cpus, loadavg, totalmem } = await import('node:os');
  const [one, five] = loadavg();
  return `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${one?.toFixed(2)} (1 min) / ${five?.toFixed(2)} (5 min) when the run started`;
}
