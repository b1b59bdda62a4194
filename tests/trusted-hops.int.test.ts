import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/test-stack';

/**
 * The distributed mode as `start:distributed` runs it, attacked the way issue #27 found it open:
 * X-Forwarded-For written by the client straight to a service port. The services honour forwarded
 * headers only when the gateway signed them, and listen on 127.0.0.1 unless told otherwise.
 */
let stack: TestStack;
const signInLog: { client?: string; outcome?: string }[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    // The gateway trusts one hop in front of it (an Ingress), as in Kubernetes: the test plays that hop.
    env: { TRUST_PROXY: '1', LOG_LEVEL: 'info', ADMIN_LOGIN_CLIENT_MAX_FAILURES: '3' },
    onOutput: (name, line) => {
      if (name !== 'admin-auth' || !line.includes('admin sign-in attempt')) return;
      signInLog.push(JSON.parse(line) as { client?: string; outcome?: string });
    },
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

let nextAddress = 1;
const rotatedAddress = () => `198.51.100.${nextAddress++}`;

function signIn(base: string, forwardedFor: string): Promise<Response> {
  return fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ token: '000000' }),
  });
}

describe('trusted hops', () => {
  it('judges a request sent straight to a service port by its socket, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await signIn(stack.urls['admin-auth'], rotatedAddress())).status);
    }
    // Three failures are free (ADMIN_LOGIN_CLIENT_MAX_FAILURES), then the one client waits.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(signInLog.filter((entry) => entry.client?.startsWith('198.51.100.'))).toEqual([]);
  });

  it('refuses a forged proof as well as a missing one', async () => {
    const response = await fetch(`${stack.urls['admin-auth']}/api/admin/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': rotatedAddress(),
        'X-Forwarded-Proof': 'bm90IHRoZSBnYXRld2F5J3Mgc2lnbmF0dXJlIGF0IGFsbA',
      },
      body: JSON.stringify({ token: '000000' }),
    });
    expect(response.status).toBe(429);
  });

  it('still names the real client to the service when the request comes through the gateway', async () => {
    const client = '203.0.113.7';
    const before = signInLog.length;
    expect((await signIn(stack.urls.gateway, client)).status).toBe(401);
    await expect.poll(() => signInLog.slice(before).map((entry) => entry.client)).toContain(client);
    // Another client through the gateway has its own budget: the one throttled above is not it.
    expect((await signIn(stack.urls.gateway, '203.0.113.8')).status).toBe(401);
  });

  const externalAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

  it.skipIf(!externalAddress)(
    "binds the services and the gateway's operations port to 127.0.0.1, its public port to every interface",
    async () => {
      const reachable = (url: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect(Number(new URL(url).port), externalAddress);
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
      for (const name of ['reading', 'flow', 'admin-auth', 'prompt', 'ai-worker'] as const) {
        expect(await reachable(stack.urls[name]), name).toBe(false);
      }
      expect(await reachable(stack.opsUrls.gateway), 'gateway ops').toBe(false);
      expect(await reachable(stack.urls.gateway), 'gateway').toBe(true);
    },
  );
});
