import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { PageElement, PageGlobals } from './page-dom';
import { CHROMIUM_PATH, SCREENSHOTS_DIR } from './paths';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export type Viewport = { readonly width: number; readonly height: number };

/** How every test and bench starts Debian's Chromium: headless, quiet, nothing fetched on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Tests only, not the benches (whose figures are a browser's as it ships): compositing in software,
 * with no GPU process standing in for a GPU. Over report-layout.e2e it cut Chromium's CPU by a fifth
 * (86–99 → 68–77 CPU-s), and the end-to-end tier is most of the suite's browser time.
 */
const TEST_RENDERING_ARGS = ['--disable-gpu-compositing', '--disable-software-rasterizer'];

/** Chromium; `camera` (a .y4m video) becomes its camera, played in a loop, with the permission granted. */
export function launchChromium(camera?: string): Promise<Browser> {
  const cameraArgs = camera
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${camera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...TEST_RENDERING_ARGS, ...cameraArgs],
  });
}

export interface VisitorPage {
  page: Page;
  /** Uncaught exceptions in the page: a visitor journey must end with none. */
  pageErrors: Error[];
  /** Requests to any host but the product's: the site must be self-contained. */
  foreignRequests: string[];
  close(): Promise<void>;
}

/** A fresh browser context (no cookies, no storage) sized like a phone or a desktop. */
export async function openVisitorPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport,
): Promise<VisitorPage> {
  // Reduced motion keeps screenshots free of half-finished entrance animations.
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const origin = new URL(baseURL).origin;
  const pageErrors: Error[] = [];
  const foreignRequests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('crash', () => pageErrors.push(new Error('The page crashed')));
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== origin) foreignRequests.push(url);
  });
  return { page, pageErrors, foreignRequests, close: () => context.close() };
}

/** Saves docs/screenshots/visitor-<screen>-<width>.png of what the visitor sees right now. */
export async function saveScreenshot(page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  // Let fonts and freshly swapped images settle so the picture shows the finished screen.
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).document.fonts.ready;
  });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `visitor-${screen}-${width}.png`) });
}

/** Saves the screen at the phone and the desktop size, for states too short-lived to reach twice. */
export async function saveScreenshotsAtBothSizes(page: Page, screen: string): Promise<void> {
  const original = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, screen);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * How long a step may take that waits on the page's own work with a photo (decoding, resizing, the
 * hand model's check). On two cores shared with the rest of the suite that work is starved: a 12 MP
 * resize that takes a second alone took over 30 s.
 */
export const PHOTO_WORK_TIMEOUT = 90_000;

/** Waits for `locator` to show; when it does not, the error says what the page showed instead. */
export async function visible(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nThe page showed instead: ${await shownText(locator.page())}`,
      {
        cause: error,
      },
    );
  }
}

/** The page's visible text, or why it cannot be had: a crashed or busy page does not answer. */
async function shownText(page: Page): Promise<string> {
  if (page.isClosed()) return '(the page is closed)';
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('(no answer within 5 s: the page is busy or has crashed)'), 5_000);
  });
  const text = page
    .evaluate(() => (globalThis as unknown as PageGlobals).document.body?.innerText ?? '')
    .then((shown) => JSON.stringify(shown.replace(/\s+/g, ' ').slice(0, 600)))
    .catch((error: unknown) => `(the page could not be read: ${(error as Error).message})`);
  try {
    return await Promise.race([text, silence]);
  } finally {
    clearTimeout(timer);
  }
}

export const isFocused = (locator: Locator) =>
  locator.evaluate(
    (element: PageElement) => element === (globalThis as unknown as PageGlobals).document.activeElement,
  );

/** Presses Tab until the element has the keyboard focus, as a keyboard-only visitor would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} within ${maxPresses} presses`);
}

/** The destructive toast (an alert) whose title is exactly `title`. */
export const errorToast = (page: Page, title: string) =>
  page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });

/**
 * Holds every `method` request matching `pattern` until `release()` is called, so a screen that
 * normally flashes by (the loading view in front of a fast engine, a report before its photo has
 * arrived) can be looked at. The requests still reach the real product unchanged.
 */
/** A reading id nobody's: the gateway answers its page with nothing of any reading in it. */
const UNKNOWN_READING = 'AAAAAAAAAAAAAAAAAAAAAA';

/**
 * Has the browser render the report at /report/{id} itself instead of hydrating the server's render
 * of it: the page is the one the gateway serves for a reading it does not know (no render, no
 * data), so the app fetches the reading, through whatever routes the test has set up.
 */
export async function renderReportInBrowser(page: Page, baseUrl: string, id: string): Promise<void> {
  await page.route(`**/report/${id}`, async (route) => {
    const empty = await fetch(`${baseUrl}/report/${UNKNOWN_READING}`);
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      headers: { 'content-security-policy': empty.headers.get('content-security-policy') ?? '' },
      body: await empty.text(),
    });
  });
}

export async function holdRequests(
  page: Page,
  pattern: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.continue();
  });
  return { release };
}
