import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHttpApp,
  createLogger,
  listen,
  remotePeers,
  requireAdmin,
  type RunningServer,
  type SessionVerifier,
} from '@palm/platform';
import { call, setUpAndSignIn, startAdminAuth, type RunningAdminAuth } from './admin-auth-harness';

/** Another service's admin route, guarded the way every service guards them. */
async function startGuardedService(verifier: SessionVerifier): Promise<RunningServer> {
  const router = express.Router();
  router.get('/api/admin/things', requireAdmin(verifier), (_req, res) => {
    res.json({ things: [] });
  });
  return listen(
    createHttpApp({ logger: createLogger('guarded-test', 'silent'), routers: [router] }),
    0,
    '127.0.0.1',
  );
}

describe('admin sessions', () => {
  let running: RunningAdminAuth;
  let sessionId: string;
  beforeEach(async () => {
    running = await startAdminAuth();
    ({ sessionId } = await setUpAndSignIn(running));
  });
  afterEach(async () => {
    await running.close();
  });

  const sessionCheck = (id?: string) => call(running.url, 'GET', '/api/admin/session', { sessionId: id });

  it('answers the session check with 204 for a live session and 401 otherwise', async () => {
    expect((await sessionCheck(sessionId)).status).toBe(204);
    const missing = await sessionCheck();
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await sessionCheck('x'.repeat(43))).status).toBe(401);
  });

  it('ends a session after 30 idle minutes; each use keeps it alive', async () => {
    running.clock.advanceMinutes(29);
    expect((await sessionCheck(sessionId)).status).toBe(204);
    running.clock.advanceMinutes(29);
    expect((await sessionCheck(sessionId)).status).toBe(204);
    running.clock.advanceMinutes(31);
    expect((await sessionCheck(sessionId)).status).toBe(401);
    const status = await call(running.url, 'GET', '/api/admin/status', { sessionId });
    expect(status.body).toEqual({ needsSetup: false, authenticated: false });
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      running.clock.advanceMinutes(20);
      expect((await sessionCheck(sessionId)).status, `after ${minutes} minutes`).toBe(204);
    }
    running.clock.advanceMinutes(20);
    expect((await sessionCheck(sessionId)).status).toBe(401);
  });

  it('signs out: the session stops working, and logout itself needs a session', async () => {
    expect((await call(running.url, 'POST', '/api/admin/logout')).status).toBe(401);
    expect((await call(running.url, 'POST', '/api/admin/logout', { sessionId })).status).toBe(204);
    expect((await sessionCheck(sessionId)).status).toBe(401);
    expect((await call(running.url, 'POST', '/api/admin/logout', { sessionId })).status).toBe(401);
  });

  it('guards another service in the same process through requireAdmin with the database verifier', async () => {
    const guarded = await startGuardedService(running.sessions);
    try {
      expect((await call(guarded.url, 'GET', '/api/admin/things')).status).toBe(401);
      expect((await call(guarded.url, 'GET', '/api/admin/things', { sessionId })).status).toBe(200);
      running.clock.advanceMinutes(31);
      expect((await call(guarded.url, 'GET', '/api/admin/things', { sessionId })).status).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('guards a service in another process through the remote verifier', async () => {
    const guarded = await startGuardedService({
      verify: remotePeers({ ADMIN_AUTH_URL: running.url }).verifySession,
    });
    try {
      expect((await call(guarded.url, 'GET', '/api/admin/things')).status).toBe(401);
      expect(
        (await call(guarded.url, 'GET', '/api/admin/things', { sessionId: 'y'.repeat(43) })).status,
      ).toBe(401);
      expect((await call(guarded.url, 'GET', '/api/admin/things', { sessionId })).status).toBe(200);
      await call(running.url, 'POST', '/api/admin/logout', { sessionId });
      expect((await call(guarded.url, 'GET', '/api/admin/things', { sessionId })).status).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('refuses every session when admin-auth cannot be reached', async () => {
    const remote = remotePeers({ ADMIN_AUTH_URL: running.url });
    expect(await remote.verifySession(sessionId)).toBe(true);
    await running.close();
    expect(await remote.verifySession(sessionId)).toBe(false); // fail closed
    running = await startAdminAuth(); // for afterEach
  });
});
