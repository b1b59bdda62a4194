import { describe, expect, it } from 'vitest';
import { createLogger, metricsRegistry } from '@palm/platform';
import { workerEngineHost } from '../src/engine-host';

const valueOf = async (metric: string, labels: Record<string, string>) => {
  const { values } = await metricsRegistry.getSingleMetric(metric)!.get();
  const match = values.find((value) =>
    Object.entries(labels).every(([name, expected]) => value.labels[name] === expected),
  );
  return match?.value ?? 0;
};

describe('the worker as the engine host', () => {
  it('counts each of the engine fallbacks on the metric its stage belongs to', async () => {
    const host = workerEngineHost(createLogger('engine-host-test', 'silent'));
    const narratorBefore = await valueOf('narrator_fallbacks_total', {
      narrator: 'openai',
      reason: 'failed',
    });
    const visualBefore = await valueOf('visual_analysis_fallbacks_total', { reason: 'invalid_output' });

    host.onFallback?.({ stage: 'narrator', narrator: 'openai', reason: 'failed' });
    host.onFallback?.({ stage: 'visual-analysis', reason: 'invalid_output' });
    host.onFallback?.({ stage: 'visual-analysis', reason: 'invalid_output' });

    expect(await valueOf('narrator_fallbacks_total', { narrator: 'openai', reason: 'failed' })).toBe(
      narratorBefore + 1,
    );
    expect(await valueOf('visual_analysis_fallbacks_total', { reason: 'invalid_output' })).toBe(
      visualBefore + 2,
    );
  });
});
