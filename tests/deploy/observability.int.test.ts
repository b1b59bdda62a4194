import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_PROCESS_NAMES } from '../../scripts/distributed/process-stack';
import { palmPhotos, readPhoto } from '../support/palm-photos';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The distributed mode as docker-compose runs it (one process per service), checked the way an
 * operator watches it: health, readiness, the Prometheus series of the runbook, and request ids
 * followed from the gateway through the queue into the worker's logs.
 */
let stack: TestStack;
const logs: { name: string; line: string }[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    env: { LOG_LEVEL: 'info' },
    onOutput: (name, line) => logs.push({ name, line }),
  });
});

afterAll(() => stack?.stop());

/** The value of one series in a Prometheus text exposition, 0 when it is not there yet. */
function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The sum of every series whose name and labels start with `prefix`. */
const countOf = (metrics: string, prefix: string) =>
  metrics
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

const scrape = async (name: (typeof STACK_PROCESS_NAMES)[number]) =>
  (await fetch(`${stack.opsUrls[name]}/metrics`)).text();

describe('operating the distributed mode', () => {
  it('every process answers /healthz, /readyz and /metrics (the gateway on its operations port) with HTTP latency histograms', async () => {
    for (const name of STACK_PROCESS_NAMES) {
      expect((await fetch(`${stack.opsUrls[name]}/healthz`)).status, name).toBe(200);
      expect((await fetch(`${stack.opsUrls[name]}/readyz`)).status, name).toBe(200);
      expect(await scrape(name), name).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });

  it("the gateway's public port serves neither /readyz nor /metrics: only its operations port does", async () => {
    expect(stack.opsUrls.gateway).not.toBe(stack.urls.gateway);
    for (const endpoint of ['/readyz', '/metrics']) {
      expect((await fetch(`${stack.urls.gateway}${endpoint}`)).status, endpoint).toBe(404);
    }
    const readiness = (await (await fetch(`${stack.opsUrls.gateway}/readyz`)).json()) as { checks: object };
    expect(Object.keys(readiness.checks).sort()).toEqual([
      'admin-auth',
      'ai-worker',
      'flow',
      'prompt',
      'reading',
    ]);
  });

  it('a reading through the gateway moves the series of the runbook, and its request id reaches the worker', async () => {
    const readingBefore = await scrape('reading');
    const workerBefore = await scrape('ai-worker');
    const gatewayBefore = await scrape('gateway');

    const requestId = `smoke-${Date.now().toString(36)}`;
    const body = new FormData();
    const photo = await readPhoto(palmPhotos().find((file) => file.includes('pos_21'))!);
    body.append('palmImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'palm.jpg');
    const response = await fetch(`${stack.urls.gateway}/api/reading`, {
      method: 'POST',
      body,
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const reading = await scrape('reading');
    const worker = await scrape('ai-worker');
    expect(sample(reading, 'readings_by_status{status="completed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(reading, 'reading_outbox_backlog')).toBe(0);
    expect(sample(reading, 'bus_dead_letters')).toBe(0);
    // The answer goes out once the result is stored; each consumer acknowledges its message after.
    const resultAcks = 'bus_messages_total{queue="reading.results",outcome="ack"}';
    await expect
      .poll(async () => sample(await scrape('reading'), resultAcks))
      .toBeGreaterThan(sample(readingBefore, resultAcks));
    const requestAcks = 'bus_messages_total{queue="ai-worker.reading-requested",outcome="ack"}';
    await expect
      .poll(async () => sample(await scrape('ai-worker'), requestAcks))
      .toBeGreaterThan(sample(workerBefore, requestAcks));
    const stages = 'reading_engine_stage_seconds_count{';
    expect(countOf(worker, stages)).toBeGreaterThan(countOf(workerBefore, stages));
    expect(
      countOf(await scrape('gateway'), 'http_request_duration_seconds_count{method="POST"'),
    ).toBeGreaterThan(countOf(gatewayBefore, 'http_request_duration_seconds_count{method="POST"'));

    const workerLines = logs.filter(({ name, line }) => name === 'ai-worker' && line.includes(id));
    expect(workerLines.length).toBeGreaterThan(0);
    expect(
      workerLines.some(({ line }) => (JSON.parse(line) as { requestId?: string }).requestId === requestId),
    ).toBe(true);
  });
});
