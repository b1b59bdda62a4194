import { adminSetupResponseSchema } from '@palm/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@palm/platform';
import {
  beginSetup,
  call,
  login,
  oathCode,
  scanQrCode,
  setUpAndSignIn,
  SETUP_TOKEN,
  startAdminAuth,
  type RunningAdminAuth,
} from './admin-auth-harness';

describe('admin sign-in: setup and login', () => {
  let running: RunningAdminAuth;
  beforeEach(async () => {
    running = await startAdminAuth();
  });
  afterEach(async () => {
    await running.close();
  });

  it('reports a fresh install as needing setup and not signed in', async () => {
    const response = await call(running.url, 'GET', '/api/admin/status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ needsSetup: true, authenticated: false });
  });

  it('refuses setup without the setup token or with a wrong one', async () => {
    for (const path of ['/api/admin/setup', '/api/admin/setup?setup=not-the-token']) {
      const response = await call(running.url, 'GET', path);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.body).toMatchObject({ code: 'setup_token_invalid' });
      expect(response.body?.detail).toMatch(/setup link is not valid/);
    }
    const wrongHeader = await call(running.url, 'GET', '/api/admin/setup', {
      headers: { 'x-setup-token': 'nope-nope-nope-nope' },
    });
    expect(wrongHeader.status).toBe(403);
  });

  it('accepts the setup token in the X-Setup-Token header too', async () => {
    const response = await call(running.url, 'GET', '/api/admin/setup', {
      headers: { 'x-setup-token': SETUP_TOKEN },
    });
    expect(response.status).toBe(200);
  });

  it('hands out a 160-bit secret, 10 backup codes, env lines and a QR code a phone can read', async () => {
    const setup = await beginSetup(running.url);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/); // 32 base32 characters = 160 bits
    expect(setup.backupCodes).toHaveLength(10);
    expect(new Set(setup.backupCodes).size).toBe(10);
    for (const code of setup.backupCodes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(setup.envLines).toEqual([
      `ADMIN_TOTP_SECRET=${setup.secret}`,
      `ADMIN_BACKUP_CODES=${setup.backupCodes.join(',')}`,
    ]);

    const uri = new URL(scanQrCode(setup.qrCodeUrl));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Hastrekha:Administrator');
    expect(uri.searchParams.get('issuer')).toBe('Hastrekha');
    const scannedSecret = uri.searchParams.get('secret');
    expect(scannedSecret).toBe(setup.secret);

    // Still pending: nobody has proved they hold the secret yet.
    expect((await call(running.url, 'GET', '/api/admin/status')).body).toMatchObject({ needsSetup: true });

    const response = await login(running.url, oathCode(scannedSecret ?? '', running.clock.now()));
    expect(response.status).toBe(200);
    const sessionId = String(response.body?.sessionId);
    expect(Buffer.from(sessionId, 'base64url')).toHaveLength(32);

    const status = await call(running.url, 'GET', '/api/admin/status', { sessionId });
    expect(status.body).toEqual({ needsSetup: false, authenticated: true });
    const again = await call(running.url, 'GET', `/api/admin/setup?setup=${SETUP_TOKEN}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'setup_complete' });
  });

  it('shows the same pending setup on every visit, so a reload keeps a scanned QR code valid', async () => {
    const first = await beginSetup(running.url);
    const reloaded = await beginSetup(running.url);
    expect(reloaded).toEqual(first);
    expect((await login(running.url, oathCode(first.secret, running.clock.now()))).status).toBe(200);
  });

  it('makes a new secret only when asked to start over, and then only the newest works', async () => {
    const first = await beginSetup(running.url);
    const response = await call(running.url, 'GET', `/api/admin/setup?setup=${SETUP_TOKEN}&startOver=1`);
    const second = adminSetupResponseSchema.parse(response.body);
    expect(second.secret).not.toBe(first.secret);
    expect((await login(running.url, oathCode(first.secret, running.clock.now()))).status).toBe(401);
    expect((await login(running.url, first.backupCodes[0] ?? '')).status).toBe(401);
    expect((await login(running.url, oathCode(second.secret, running.clock.now()))).status).toBe(200);
  });

  it('accepts a code once only, and the neighbouring time steps as clock drift allows', async () => {
    const setup = await beginSetup(running.url);
    const now = running.clock.now();
    const code = oathCode(setup.secret, now);
    expect((await login(running.url, code)).status).toBe(200);

    const replay = await login(running.url, code);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ detail: 'Login failed' });
    // The previous step is older than the one just accepted: refused as well.
    expect((await login(running.url, oathCode(setup.secret, new Date(now.getTime() - 30_000)))).status).toBe(
      401,
    );
    // The next step is within ±1 step and newer: accepted, once.
    const next = oathCode(setup.secret, new Date(now.getTime() + 30_000));
    expect((await login(running.url, next)).status).toBe(200);
    expect((await login(running.url, next)).status).toBe(401);
    // Two steps ahead is outside the drift window.
    expect((await login(running.url, oathCode(setup.secret, new Date(now.getTime() + 90_000)))).status).toBe(
      401,
    );
  });

  it('answers a wrong code with "Login failed" and a malformed one with a clear 400', async () => {
    await setUpAndSignIn(running);
    const wrong = await login(running.url, '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, detail: 'Login failed' });
    expect(JSON.stringify(wrong.body)).not.toMatch(/stack|replay|expired/i);

    const tooShort = await login(running.url, '123');
    expect(tooShort.status).toBe(400);
    expect(tooShort.body?.detail).toMatch(/6-digit code/);
    const missing = await call(running.url, 'POST', '/api/admin/login', { body: {} });
    expect(missing.status).toBe(400);
  });

  it('accepts each backup code once (typed in any case)', async () => {
    const { setup } = await setUpAndSignIn(running);
    const [first, second] = setup.backupCodes;
    expect((await login(running.url, first ?? '')).status).toBe(200);
    const reused = await login(running.url, first ?? '');
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ detail: 'Login failed' });
    expect((await login(running.url, (second ?? '').toLowerCase())).status).toBe(200);
  });

  it('gives exactly one success when one backup code is used twice at the same moment', async () => {
    const { setup } = await setUpAndSignIn(running);
    const code = setup.backupCodes[3] ?? '';
    const statuses = await Promise.all([login(running.url, code), login(running.url, code)]).then(
      (responses) => responses.map((response) => response.status).sort(),
    );
    expect(statuses).toEqual([200, 401]);
  });

  it('activates a pending setup with a backup code as well', async () => {
    const setup = await beginSetup(running.url);
    expect((await login(running.url, setup.backupCodes[0] ?? '')).status).toBe(200);
    expect((await call(running.url, 'GET', '/api/admin/status')).body).toMatchObject({ needsSetup: false });
  });
});

describe('admin sign-in: start-up and logging', () => {
  it('logs the setup link with the port it really serves on when PUBLIC_URL is not set', async () => {
    const logger = createLogger('admin-auth-test', 'silent');
    const info = vi.spyOn(logger, 'info');
    const running = await startAdminAuth({ logger, env: { ADMIN_SETUP_TOKEN: '' } });
    try {
      const logged = info.mock.calls
        .map((args) => args.map((arg) => JSON.stringify(arg)).join(' '))
        .join('\n');
      // Started on port 0: only the port it was given once listening can be in the link.
      const { port } = new URL(running.url);
      expect(logged).toMatch(new RegExp(`http://localhost:${port}/admin/auth\\?setup=[A-Za-z0-9_-]{43}`));
      expect(logged).not.toMatch(/:8080/);
    } finally {
      await running.close();
    }
  });

  it('generates a setup token when none is configured and logs a ready-to-open setup URL', async () => {
    const logger = createLogger('admin-auth-test', 'silent');
    const info = vi.spyOn(logger, 'info');
    const running = await startAdminAuth({
      logger,
      env: { ADMIN_SETUP_TOKEN: '', PUBLIC_URL: 'https://palms.example/' },
    });
    try {
      const logged = info.mock.calls
        .map((args) => args.map((arg) => JSON.stringify(arg)).join(' '))
        .join('\n');
      const match = /https:\/\/palms\.example\/admin\/auth\?setup=([A-Za-z0-9_-]{43})/.exec(logged);
      expect(match).not.toBeNull();
      expect((await call(running.url, 'GET', `/api/admin/setup?setup=${SETUP_TOKEN}`)).status).toBe(403);
      expect((await call(running.url, 'GET', `/api/admin/setup?setup=${match?.[1]}`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('logs every sign-in attempt with its outcome but never the code', async () => {
    const logger = createLogger('admin-auth-test', 'silent');
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const running = await startAdminAuth({ logger });
    try {
      const setup = await beginSetup(running.url);
      const good = oathCode(setup.secret, running.clock.now());
      await login(running.url, '654321');
      await login(running.url, good);
      await login(running.url, setup.backupCodes[0] ?? '');
      const attempts = [...info.mock.calls, ...warn.mock.calls].filter((args) =>
        args.includes('admin sign-in attempt'),
      );
      expect(attempts.map((args) => (args[0] as { outcome: string }).outcome).sort()).toEqual([
        'failed',
        'succeeded',
        'succeeded',
      ]);
      const everything = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
      for (const code of ['654321', good, setup.backupCodes[0]]) expect(everything).not.toContain(code);
    } finally {
      await running.close();
    }
  });
});
