import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metricsRegistry, sampledGauge, type GaugeSample } from '../src/http/metrics';

const uniqueName = () => `test_sampled_${randomUUID().replaceAll('-', '_')}`;

async function scrape(name: string): Promise<string> {
  return metricsRegistry.getSingleMetricAsString(name);
}

const answering =
  (sample: GaugeSample<'status'>): (() => Promise<GaugeSample<'status'>>) =>
  () =>
    Promise.resolve(sample);

describe('sampledGauge', () => {
  it('answers from the newest running source, and from the one before once that withdraws', async () => {
    const name = uniqueName();
    const report = sampledGauge(name, 'test', ['status']);
    const withdrawFirst = report(answering([{ labels: { status: 'completed' }, value: 3 }]));
    const withdrawSecond = report(answering([{ labels: { status: 'completed' }, value: 7 }]));
    expect(await scrape(name)).toContain(`${name}{status="completed"} 7`);

    withdrawSecond();
    expect(await scrape(name)).toContain(`${name}{status="completed"} 3`);

    withdrawFirst();
    expect(await scrape(name)).not.toContain('status="completed"');
  });

  it('drops the label sets an earlier scrape saw and the newest source does not report', async () => {
    const name = uniqueName();
    const report = sampledGauge(name, 'test', ['status']);
    const withdraw = report(
      answering([
        { labels: { status: 'completed' }, value: 2 },
        { labels: { status: 'failed' }, value: 1 },
      ]),
    );
    expect(await scrape(name)).toContain(`${name}{status="failed"} 1`);
    withdraw();
    report(answering([{ labels: { status: 'completed' }, value: 5 }]));
    const text = await scrape(name);
    expect(text).toContain(`${name}{status="completed"} 5`);
    expect(text).not.toContain('status="failed"');
  });

  it('shares one gauge between every caller of the same name', async () => {
    const name = uniqueName();
    sampledGauge(name, 'test', ['status'])(answering([{ labels: { status: 'queued' }, value: 1 }]));
    sampledGauge(name, 'test', ['status'])(answering([{ labels: { status: 'queued' }, value: 4 }]));
    expect(await scrape(name)).toContain(`${name}{status="queued"} 4`);
  });
});
