import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { PageGlobals } from './page-dom';
import { SCREENSHOTS_DIR } from './paths';

const run = promisify(execFile);

/** What the web app keeps the operator session id under in localStorage. */
export const ADMIN_SESSION_STORAGE_KEY = 'palm.admin.sessionId';

/** The setup link the admin-auth service logs when sign-in is not set up yet. */
export function loggedSetupUrl(logLines: readonly string[]): URL {
  for (const line of logLines) {
    const { setupUrl } = JSON.parse(line) as { setupUrl?: unknown };
    if (typeof setupUrl === 'string') return new URL(setupUrl);
  }
  throw new Error(`The product logged no setup link; it logged:\n${logLines.join('')}`);
}

/** Reads the QR code in a PNG with zbar (Debian zbar-tools), as an authenticator app's camera would. */
export async function decodeQrCode(pngFile: string): Promise<string> {
  const { stdout } = await run('zbarimg', ['--raw', '-q', pngFile]);
  return stdout.trim();
}

/** The base32 secret of an `otpauth://totp/...?secret=...` URI. */
export function otpauthSecret(uri: string): string {
  const url = new URL(uri);
  const secret = url.searchParams.get('secret');
  if (url.protocol !== 'otpauth:' || url.host !== 'totp' || !secret) {
    throw new Error(`Not a TOTP provisioning URI: ${uri}`);
  }
  return secret;
}

/** The current 6-digit code for the secret, from oathtool (Debian oathtool) as a phone app makes it. */
export async function totpCode(secret: string): Promise<string> {
  const { stdout } = await run('oathtool', ['--totp', '-b', secret]);
  return stdout.trim();
}

/** Saves docs/screenshots/operator-journey-<step>.png of the operator's screen. */
export async function saveOperatorScreenshot(page: Page, step: string): Promise<void> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).document.fonts.ready;
  });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `operator-journey-${step}.png`) });
}

export const storedAdminSession = (page: Page) =>
  page.evaluate(
    (key) =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem(key),
    ADMIN_SESSION_STORAGE_KEY,
  );
