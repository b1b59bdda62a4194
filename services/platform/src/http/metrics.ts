import { Counter, Gauge, Histogram, register, collectDefaultMetrics } from 'prom-client';

export { register as metricsRegistry };

// Asked of the registry rather than remembered here: the registry outlives a fresh load of this
// module (tests that reload the service graph), and collecting twice throws.
export function collectProcessMetrics(): void {
  if (register.getSingleMetric('process_cpu_user_seconds_total')) return;
  collectDefaultMetrics();
}

// In embedded mode every service shares this process's registry, so each metric is created once
// and found again by name by whoever asks next.
export function counter<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
): Counter<L> {
  return (
    (register.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames })
  );
}

export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (this: Gauge<L>) => Promise<void> | void,
): Gauge<L> {
  const existing = register.getSingleMetric(name) as Gauge<L> | undefined;
  if (existing) return existing;
  return collect ? new Gauge({ name, help, labelNames, collect }) : new Gauge({ name, help, labelNames });
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  buckets: number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
): Histogram<L> {
  return (
    (register.getSingleMetric(name) as Histogram<L> | undefined) ??
    new Histogram({ name, help, labelNames, buckets })
  );
}
