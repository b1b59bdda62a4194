import express, { type Router } from 'express';
import {
  bearerToken,
  counter,
  HttpError,
  jsonBody,
  requireAdmin,
  type Database,
  type Logger,
  type SessionVerifier,
} from '@palm/platform';
import {
  adminLoginBodySchema,
  type AdminLoginResponse,
  type AdminSetupResponse,
  type AdminStatus,
} from '@palm/contracts';
import type { AdminAuthConfig } from './config';
import { CredentialsRepository } from './credentials.repository';
import { AtRestCipher, deriveAdminKeys } from './data-key';
import { DeviceCookies } from './device-cookie';
import { LoginThrottle, maxAttemptsIn, type Budget, type ThrottlePolicy } from './login-throttle';
import { generateBackupCodes, normalizeBackupCode, randomToken, sameSecret } from './secrets';
import { SessionStore } from './session.store';
import {
  ACCEPTED_TIME_STEPS,
  acceptedTimeStep,
  createTotpSecret,
  looksLikeTotpCode,
  otpauthUri,
  qrCodeDataUrl,
} from './totp';

export interface AdminAuthDeps {
  db: Database;
  logger: Logger;
  config: AdminAuthConfig;
  /** 32 bytes: ADMIN_DATA_KEY, or the embedded mode's key file (see data-key.ts). */
  dataKey: Buffer;
  /** The clock; tests move it to expire sessions and lockouts. */
  now?: () => Date;
}

export interface AdminAuthService {
  router: Router;
  /** The in-process session check; other services in the same process pass it to requireAdmin. */
  sessions: SessionVerifier;
  start(): Promise<void>;
  /** Logs the setup link while setup is pending, under PUBLIC_URL or else `fallbackUrl` (where it listens). */
  announceSetup(fallbackUrl: string): Promise<void>;
  stop(): Promise<void>;
}

const MINUTE_MS = 60_000;
const SETUP_TOKEN_HEADER = 'x-setup-token';
const UNKNOWN_DEVICES = 'unknown-devices';
const THIRTY_DAYS_MS = 30 * 24 * 60 * MINUTE_MS;

const loginAttempts = counter('admin_login_attempts_total', 'Operator sign-in attempts by outcome', [
  'method',
  'outcome',
  'device',
]);
const loginThrottled = counter(
  'admin_login_throttled_total',
  'Operator sign-in attempts refused before checking the code, by the budget that refused them',
  ['budget'],
);
const failureSpikes = counter(
  'admin_login_failure_spikes_total',
  'Times a sign-in budget spent its free failures, by budget: each is the start of a spike of failed attempts',
  ['budget'],
);

/** The chance that `attempts` guesses at a 6-digit code find one of the codes accepted at that moment. */
export const totpGuessChance = (attempts: number) => (attempts * ACCEPTED_TIME_STEPS) / 1_000_000;

/** The policy every browser without a device cookie shares. */
export function unknownDevicePolicy(config: AdminAuthConfig): ThrottlePolicy {
  return {
    freeFailures: config.ADMIN_LOGIN_UNKNOWN_DEVICE_MAX_FAILURES,
    firstDelayMs: config.ADMIN_LOGIN_UNKNOWN_DEVICE_DELAY_SECONDS * 1000,
    maxDelayMs: config.ADMIN_LOGIN_UNKNOWN_DEVICE_MAX_DELAY_MINUTES * MINUTE_MS,
    windowMs: config.ADMIN_LOGIN_UNKNOWN_DEVICE_WINDOW_HOURS * 60 * MINUTE_MS,
    successResets: false,
  };
}

/** The policy of one address, or of one known device. */
function clientPolicy(config: AdminAuthConfig): ThrottlePolicy {
  const windowMs = config.ADMIN_LOGIN_CLIENT_WINDOW_MINUTES * MINUTE_MS;
  return {
    freeFailures: config.ADMIN_LOGIN_CLIENT_MAX_FAILURES,
    firstDelayMs: config.ADMIN_LOGIN_DELAY_SECONDS * 1000,
    maxDelayMs: windowMs,
    windowMs,
    successResets: true,
  };
}

export function createAdminAuthService(deps: AdminAuthDeps): AdminAuthService {
  const { db, logger, config } = deps;
  const now = deps.now ?? (() => new Date());
  const keys = deriveAdminKeys(deps.dataKey);
  const credentials = new CredentialsRepository(
    db,
    { totpSecret: config.ADMIN_TOTP_SECRET, backupCodes: config.ADMIN_BACKUP_CODES },
    { cipher: new AtRestCipher(keys.atRest), backupCodeDigest: keys.backupCodeDigest },
  );
  const devices = new DeviceCookies(keys.deviceCookie, config.ADMIN_DEVICE_COOKIE_DAYS);
  const sessions = new SessionStore(
    db,
    {
      idleMs: config.ADMIN_SESSION_IDLE_MINUTES * MINUTE_MS,
      absoluteMs: config.ADMIN_SESSION_MAX_HOURS * 60 * MINUTE_MS,
    },
    now,
  );
  const throttle = new LoginThrottle(db);
  const perClient = clientPolicy(config);
  const unknownDevices = unknownDevicePolicy(config);

  /**
   * A known device (a browser that signed in before) has a budget of its own and nothing else, so
   * no attack from elsewhere can lock it out. Every other attempt is charged to its address and to
   * the one small budget all unknown devices share, which bounds guessing from any number of addresses.
   */
  function budgetsOf(client: string, device: string | undefined): Budget[] {
    if (device) return [{ key: `device:${device}`, policy: perClient }];
    return [
      { key: client, policy: perClient },
      { key: UNKNOWN_DEVICES, policy: unknownDevices },
    ];
  }
  const budgetLabel = (key: string) =>
    key === UNKNOWN_DEVICES ? 'unknown_devices' : key.startsWith('device:') ? 'device' : 'address';
  let setupToken = config.ADMIN_SETUP_TOKEN;

  async function codeIsValid(within: CredentialsRepository, token: string, at: Date): Promise<boolean> {
    if (!looksLikeTotpCode(token)) return within.consumeBackupCode(normalizeBackupCode(token), at);
    const authenticator = await within.current();
    if (!authenticator) return false;
    const timeStep = await acceptedTimeStep(authenticator.secret, token, at, authenticator.lastTimeStep);
    return timeStep !== undefined && (await within.acceptTimeStep(authenticator, timeStep, at));
  }

  async function announceSetup(fallbackUrl: string): Promise<void> {
    if (await credentials.isConfigured()) return;
    const base = (config.PUBLIC_URL ?? fallbackUrl).replace(/\/+$/, '');
    const setupPage = `${base}/admin/auth?setup=`;
    if (config.ADMIN_SETUP_TOKEN) {
      logger.info(`admin sign-in is not set up yet: open ${setupPage}<ADMIN_SETUP_TOKEN> to set it up`);
      return;
    }
    setupToken ??= randomToken();
    logger.info(
      { setupUrl: `${setupPage}${setupToken}` },
      `admin sign-in is not set up yet: open ${setupPage}${setupToken} to set it up`,
    );
  }

  const router = express.Router();
  router.use('/api/admin', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/api/admin/status', async (req, res) => {
    const sessionId = bearerToken(req.headers.authorization);
    const status: AdminStatus = {
      needsSetup: !(await credentials.isConfigured()),
      authenticated: sessionId !== undefined && (await sessions.verify(sessionId)),
    };
    res.json(status);
  });

  router.get('/api/admin/setup', async (req, res) => {
    if (await credentials.isConfigured()) {
      throw new HttpError(404, 'The authenticator is already set up. Sign in with a code from your app.', {
        code: 'setup_complete',
      });
    }
    const query = req.query.setup;
    const offered = typeof query === 'string' ? query : req.get(SETUP_TOKEN_HEADER);
    if (!setupToken || !offered || !sameSecret(offered, setupToken)) {
      logger.warn({ client: req.ip }, 'admin setup refused: missing or wrong setup token');
      throw new HttpError(
        403,
        'This setup link is not valid. Open the setup link printed in the admin-auth service log at start-up.',
        { code: 'setup_token_invalid' },
      );
    }
    // "Start over" is the only way to a new secret: a reload shows the QR code already scanned.
    const startOver = req.query.startOver === '1' || req.query.startOver === 'true';
    const setup = await credentials.beginSetup(
      { secret: createTotpSecret(), backupCodes: generateBackupCodes() },
      now(),
      { startOver },
    );
    if (!setup) {
      throw new HttpError(404, 'The authenticator is already set up. Sign in with a code from your app.', {
        code: 'setup_complete',
      });
    }
    const { secret, backupCodes } = setup;
    logger.info(
      { client: req.ip, startOver },
      'admin setup shown: the authenticator secret waits for its first code',
    );
    const response: AdminSetupResponse = {
      qrCodeUrl: await qrCodeDataUrl(otpauthUri(secret)),
      secret,
      backupCodes,
      envLines: [`ADMIN_TOTP_SECRET=${secret}`, `ADMIN_BACKUP_CODES=${backupCodes.join(',')}`],
    };
    res.json(response);
  });

  router.post('/api/admin/login', jsonBody('1kb'), async (req, res) => {
    const { token } = adminLoginBodySchema.parse(req.body ?? {});
    const client = req.ip ?? 'unknown';
    const method = looksLikeTotpCode(token) ? 'totp' : 'backup_code';
    const at = now();
    const knownDevice = devices.knownDevice(req, at);
    const device = knownDevice ? 'known' : 'unknown';
    const attempt = await throttle.attempt(budgetsOf(client, knownDevice), at, (trx) =>
      codeIsValid(credentials.within(trx), token, at),
    );
    if (!attempt.allowed) {
      const seconds = attempt.retryAfterSeconds;
      const minutes = Math.ceil(seconds / 60);
      const wait =
        seconds < 60
          ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
          : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
      const budget = budgetLabel(attempt.refusedBy);
      loginAttempts.inc({ method, outcome: 'throttled', device });
      loginThrottled.inc({ budget });
      logger.warn(
        {
          client,
          method,
          device,
          budget,
          outcome: 'throttled',
          retryAfterSeconds: attempt.retryAfterSeconds,
        },
        'admin sign-in attempt',
      );
      throw new HttpError(429, `Too many failed sign-in attempts. Please wait ${wait} and try again.`, {
        code: 'too_many_attempts',
        headers: { 'Retry-After': String(attempt.retryAfterSeconds) },
      });
    }
    for (const key of attempt.exhausted) {
      const budget = budgetLabel(key);
      failureSpikes.inc({ budget });
      logger.warn(
        {
          client,
          budget,
          freeFailures: budget === 'unknown_devices' ? unknownDevices.freeFailures : perClient.freeFailures,
        },
        'admin sign-in: a budget has spent its free failures; further attempts on it wait, longer each time',
      );
    }
    const { succeeded } = attempt;
    const outcome = succeeded ? 'succeeded' : 'failed';
    loginAttempts.inc({ method, outcome, device });
    logger[succeeded ? 'info' : 'warn']({ client, method, device, outcome }, 'admin sign-in attempt');
    if (!succeeded) throw new HttpError(401, 'Login failed', { code: 'login_failed' });
    devices.remember(req, res, at, knownDevice);
    const body: AdminLoginResponse = { sessionId: await sessions.create() };
    res.json(body);
  });

  router.get('/api/admin/session', requireAdmin(sessions), (_req, res) => {
    res.status(204).end();
  });

  router.post('/api/admin/logout', requireAdmin(sessions), async (req, res) => {
    const sessionId = bearerToken(req.headers.authorization);
    if (sessionId) await sessions.revoke(sessionId);
    logger.info({ client: req.ip }, 'admin signed out');
    res.status(204).end();
  });

  return {
    router,
    sessions,
    async start() {
      await credentials.sealStoredSecrets();
      await credentials.syncEnvironment(now());
      const undigested = await credentials.countUndigestedBackupCodes();
      if (undigested > 0) {
        logger.warn(
          { backupCodes: undigested },
          'backup codes stored before this version have no lookup digest: a guess is tried against each of them in turn until they are used; replace them (docs/operations.md, "Rotating the operator\'s authenticator and backup codes")',
        );
      }
      const chance = totpGuessChance(maxAttemptsIn(unknownDevices, THIRTY_DAYS_MS));
      if (chance >= 0.01) {
        logger.warn(
          { chancePercent: Math.round(chance * 1000) / 10 },
          'the ADMIN_LOGIN_UNKNOWN_DEVICE_* settings let unknown devices guess an authenticator code with a 1 % chance or more in 30 days',
        );
      }
      if (credentials.configuredByEnvironment && !config.ADMIN_TOTP_SECRET) {
        logger.warn('ADMIN_BACKUP_CODES is set without ADMIN_TOTP_SECRET: only backup codes can sign in');
      }
    },
    announceSetup,
    async stop() {
      // The database belongs to whoever created it; nothing here holds resources of its own.
    },
  };
}
