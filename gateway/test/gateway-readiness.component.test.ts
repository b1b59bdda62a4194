import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createOperationsApp, listen, type RunningServer } from '@palm/platform';
import { serviceReadiness, serviceRoutes } from '../src/service-routes';

/**
 * The distributed gateway is ready only while every service says it is ready itself (its /readyz
 * checks the database, the bus and the blob store), not merely while the services answer.
 */
const logger = createLogger('gateway-readiness-test', 'silent');
const readyStatus: Record<string, number> = {};
const services: Record<string, RunningServer> = {};
let operations: RunningServer;

/** A stand-in service: /healthz always 200, /readyz whatever the test sets. */
async function standIn(name: string): Promise<RunningServer> {
  readyStatus[name] = 200;
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    res.status(readyStatus[name]!).json({ status: readyStatus[name] === 200 ? 'ready' : 'not ready' });
  });
  return listen(app, 0, '127.0.0.1');
}

beforeAll(async () => {
  for (const name of ['reading', 'flow', 'admin-auth', 'prompt', 'ai-worker'])
    services[name] = await standIn(name);
  const routes = serviceRoutes({
    READING_URL: services.reading!.url,
    FLOW_URL: services.flow!.url,
    ADMIN_AUTH_URL: services['admin-auth']!.url,
    PROMPT_URL: services.prompt!.url,
    AI_WORKER_URL: services['ai-worker']!.url,
  });
  operations = await listen(
    createOperationsApp({ logger, readiness: serviceReadiness(routes) }),
    0,
    '127.0.0.1',
  );
});

afterAll(async () => {
  await operations?.close();
  await Promise.all(Object.values(services).map((service) => service.close()));
});

async function readiness() {
  const response = await fetch(`${operations.url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: object } };
}

describe('gateway readiness', () => {
  it('is ready while every service is ready, and names each one', async () => {
    expect(await readiness()).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { reading: true, flow: true, 'admin-auth': true, prompt: true, 'ai-worker': true },
      },
    });
  });

  it('is not ready while a service that is up answers 503 on its own /readyz', async () => {
    readyStatus.reading = 503;
    try {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'not ready', checks: { reading: false, flow: true } });
      // The service is up all the while: a /healthz check would have called the gateway ready.
      expect((await fetch(`${services.reading!.url}/healthz`)).status).toBe(200);
    } finally {
      readyStatus.reading = 200;
    }
    expect((await readiness()).status).toBe(200);
  });

  it('is not ready while a service cannot be reached at all', async () => {
    await services.prompt!.close();
    const { status, body } = await readiness();
    expect(status).toBe(503);
    expect(body.checks).toMatchObject({ prompt: false, reading: true });
  });

  it('serves /metrics and /healthz on the operations port', async () => {
    expect((await fetch(`${operations.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${operations.url}/metrics`)).text()).toContain('process_cpu_seconds_total');
  });
});
