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

/** What a sampled gauge's source answers: one value per label set (`{}` when it has no labels). */
export type GaugeSample<L extends string> = { labels: Partial<Record<L, string>>; value: number }[];

const SAMPLED_SOURCES = Symbol.for('palm.metrics.sampledSources');
type Sampled<L extends string> = Gauge<L> & {
  [SAMPLED_SOURCES]?: Set<() => Promise<GaugeSample<L>>>;
};

/**
 * A gauge read on scrape from the instance that reported it last and is still running: each
 * service instance reports its own source (its database, its outbox) and withdraws it when it
 * stops, so a stopped instance never answers for the one that replaced it in the same process.
 * Returns `report(source) → withdraw`.
 */
export function sampledGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
): (source: () => Promise<GaugeSample<L>>) => () => void {
  const metric = gauge(name, help, labelNames, async function (this: Sampled<L>) {
    const newest = [...(this[SAMPLED_SOURCES] ?? [])].at(-1);
    const sample = newest ? await newest() : [];
    this.reset();
    for (const { labels, value } of sample) this.set(labels, value);
  }) as Sampled<L>;
  // The registry outlives a fresh load of this module: the gauge keeps its sources itself.
  const sources = (metric[SAMPLED_SOURCES] ??= new Set());
  return (source) => {
    sources.add(source);
    return () => sources.delete(source);
  };
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
