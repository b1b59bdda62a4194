import path from 'node:path';
import type { ActiveFlow, ReadingView } from '@palm/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  palmPhotos,
  readPhoto,
  submitReading,
  TEST_OWNER_COOKIE,
  TEST_OWNER_TOKEN,
} from '../support/palm-photos';
import { seriousAxeViolations } from './support/axe';
import {
  DESKTOP,
  errorToast,
  holdRequests,
  openVisitorPage,
  PHONE,
  PHOTO_WORK_TIMEOUT,
  renderReportInBrowser,
  saveScreenshot,
  visible,
  type Viewport,
} from './support/browser';
import { leaderAnchors, markersLaidOut, tiedToItsAnchor, type Box } from './support/markers';
import type { PageElement } from './support/page-dom';
import { useProductAndBrowser } from './support/product';
import {
  DEFAULT_ANSWERS,
  fetchActiveFlow,
  nextButton,
  pickPalm,
  previousButton,
  reachPhotoStep,
} from './support/wizard';

/**
 * The report as a visitor sees it: traced lines over the photo, markers that never overlap at any
 * width, markers and sentences that point at each other, and an accessible page (axe-core, run in
 * the page). Also the wizard's photo step on a phone: Next in view, no toast over the buttons.
 */
const NARROW = { width: 320, height: 700 } as const;
const PALMS = [
  'pos_14_nu_test.jpg',
  'pos_19_01_Hand_0000055.jpg',
  'pos_22_09_177_image_palm_jpeg.jpg',
  'pos_25_12_219_image_palm_jpeg.jpg',
  'pos_32_23_IMG_0368_JPG.jpg',
];
const SHOWCASE = 'pos_32_23_IMG_0368_JPG.jpg';
/** On a phone at least this share of every traced line stays in sight beside the marker dots. */
const MIN_LINE_IN_SIGHT = 0.9;

const e2e = useProductAndBrowser();
let flow: ActiveFlow;
const readings = new Map<string, ReadingView>();
/**
 * The owner cookie of submitReading's browser, which made every reading here: a reading opens only
 * in its owner's browser until it is shared.
 */
const ownerCookie = () => ({ name: 'palm_owner', value: TEST_OWNER_TOKEN, url: e2e.product.url });

/** A visitor page holding the readings' owner cookie, as the browser that made them would. */
async function openAsOwner(viewport: Viewport) {
  const visitor = await openVisitorPage(e2e.browser, e2e.product.url, viewport);
  await visitor.page.context().addCookies([ownerCookie()]);
  return visitor;
}

beforeAll(async () => {
  flow = await fetchActiveFlow(e2e.product.url);
  const byName = new Map(palmPhotos().map((file) => [path.basename(file), file]));
  for (const name of PALMS) {
    const response = await submitReading(e2e.product.url, await readPhoto(byName.get(name)!), {
      fields: { focusAreas: JSON.stringify(['love', 'career']) },
    });
    expect(response.status, name).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const view = (await (
      await fetch(`${e2e.product.url}/api/reading/${id}`, { headers: { Cookie: TEST_OWNER_COOKIE } })
    ).json()) as ReadingView;
    expect(view.status, name).toBe('completed');
    readings.set(name, view);
  }
}, 180_000);

async function openReport(viewport: Viewport, name: string) {
  const view = readings.get(name)!;
  const visitor = await openAsOwner(viewport);
  await visitor.page.goto(`/report/${view.id}`);
  await visible(visitor.page.getByText('Reading Complete'));
  await visitor.page.locator('.palm-figure__image').evaluate((image: PageElement) => image.decode?.());
  await markersLaidOut(visitor.page);
  return { ...visitor, view };
}

const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function markerBoxes(page: Page): Promise<Box[]> {
  const markers = page.locator('.palm-marker');
  const boxes: Box[] = [];
  for (let i = 0; i < (await markers.count()); i++) boxes.push((await markers.nth(i).boundingBox())!);
  return boxes;
}

describe('the palm photo on a phone', () => {
  it('has its width and height before it arrives, a srcset, and arrives as WebP at the drawn size', async () => {
    const view = readings.get(SHOWCASE)!;
    expect(view.palmImage, 'the view gives the photo’s size').not.toBeNull();
    const visitor = await openAsOwner(PHONE);
    const { page } = visitor;
    try {
      const photoRequests = await holdRequests(page, `**/api/reading/${view.id}/image**`, 'GET');
      // The photo is in the page's HTML: its load event waits for the photo held back here.
      await page.goto(`/report/${view.id}`, { waitUntil: 'domcontentloaded' });
      await visible(page.getByText('Reading Complete'));
      const image = page.locator('.palm-figure__image');
      expect(await image.getAttribute('width')).toBe(String(view.palmImage!.width));
      expect(await image.getAttribute('height')).toBe(String(view.palmImage!.height));
      expect(await image.getAttribute('srcset')).toBe(view.palmImage!.srcset.jpeg);
      expect(await page.locator('.palm-figure picture source').getAttribute('srcset')).toBe(
        view.palmImage!.srcset.webp,
      );
      // No shift when it arrives: its box already has the photo's proportions while it is held back.
      const waiting = (await image.boundingBox())!;
      expect(waiting.height).toBeCloseTo((waiting.width * view.palmImage!.height) / view.palmImage!.width, 0);
      photoRequests.release();
      await image.evaluate((element: PageElement) => element.decode?.());
      const chosen = await image.evaluate(
        (element: PageElement & { currentSrc?: string; naturalWidth?: number }) => ({
          src: element.currentSrc ?? '',
          naturalWidth: element.naturalWidth ?? 0,
        }),
      );
      expect(chosen.src).toMatch(/\/image\/\d+\.webp$/);
      // The phone draws it about 358 CSS px wide: a narrower copy, not the stored photo.
      expect(chosen.naturalWidth).toBeLessThan(view.palmImage!.width);
      expect((await image.boundingBox())!.height).toBeCloseTo(waiting.height, 0);
    } finally {
      await visitor.close();
    }
  });
});

describe('markers on the report', () => {
  it.each([NARROW, PHONE, DESKTOP])(
    'never overlap, stay on the photo and are tied to their anchors at $width px',
    async (viewport) => {
      for (const name of PALMS) {
        const visitor = await openReport(viewport, name);
        const { page, view } = visitor;
        try {
          const boxes = await markerBoxes(page);
          expect(boxes.length, name).toBe(view.reading!.visual_markers.length);
          const photo = (await page.locator('.palm-figure__image').boundingBox())!;
          for (const [i, a] of boxes.entries()) {
            expect(a.x, `${name} marker ${i + 1}`).toBeGreaterThanOrEqual(photo.x - 1);
            expect(a.x + a.width, `${name} marker ${i + 1}`).toBeLessThanOrEqual(photo.x + photo.width + 1);
            for (const [j, b] of boxes.entries()) {
              if (j > i)
                expect(intersect(a, b), `${name} at ${viewport.width}px: #${i + 1} × #${j + 1}`).toBe(false);
            }
          }
          const anchors = await leaderAnchors(page);
          for (const [position, marker] of view.reading!.visual_markers.entries()) {
            expect(tiedToItsAnchor(marker, boxes[position]!, photo, anchors), `${name}: ${marker.id}`).toBe(
              true,
            );
          }
        } finally {
          await visitor.close();
        }
      }
    },
  );

  it('are laid out on the photo once it has arrived, not on the empty frame before it', async () => {
    const view = readings.get(SHOWCASE)!;
    const visitor = await openAsOwner(NARROW);
    const { page } = visitor;
    try {
      const photoRequest = await holdRequests(page, `**${view.palmUrl!}**`, 'GET');
      await page.goto(`/report/${view.id}`, { waitUntil: 'domcontentloaded' });
      await visible(page.getByText('Reading Complete'));
      expect(await page.locator('.palm-leaders').count(), 'no layout before the photo').toBe(0);
      photoRequest.release();
      await markersLaidOut(page);
      const photo = (await page.locator('.palm-figure__image').boundingBox())!;
      expect(photo.height).toBeGreaterThan(100);
      const boxes = await markerBoxes(page);
      const anchors = await leaderAnchors(page);
      for (const [position, marker] of view.reading!.visual_markers.entries()) {
        expect(tiedToItsAnchor(marker, boxes[position]!, photo, anchors), marker.id).toBe(true);
      }
    } finally {
      await visitor.close();
    }
  });

  it('name their feature for screen readers and light up the sentences they explain, both ways', async () => {
    const visitor = await openReport(DESKTOP, SHOWCASE);
    const { page, view } = visitor;
    try {
      const linked = view.reading!.visual_markers.find((marker) => (marker.explains ?? []).length > 0);
      expect(linked, 'a marker tied to sentences').toBeDefined();
      const marker = page.locator(`.palm-marker[data-marker="${linked!.id}"]`);
      expect(await marker.getAttribute('aria-label')).toBe(linked!.label);
      const claims = page.locator(`.reading-claim[data-marker="${linked!.id}"]`);
      expect(await claims.count()).toBeGreaterThan(0);

      await marker.hover();
      await visible(marker.getByRole('tooltip'));
      expect(await claims.first().getAttribute('data-active')).toBe('');

      await page.mouse.move(0, 0);
      await claims.first().scrollIntoViewIfNeeded();
      await claims.first().hover();
      expect(await marker.getAttribute('data-active')).toBe('');

      // Keyboard: focusing a sentence lights its marker; focusing a marker lights its sentences.
      await page.mouse.move(0, 0);
      await claims.first().focus();
      expect(await marker.getAttribute('data-active')).toBe('');
      await marker.focus();
      expect(await claims.first().getAttribute('data-active')).toBe('');
      expect(await claims.first().textContent()).toContain(`marker`);
    } finally {
      await visitor.close();
    }
  });
});

describe('traced lines on the report', () => {
  it.each([PHONE, DESKTOP])(
    'draws each seen line, toggles it from the legend and names the unseen ($width px)',
    async (viewport) => {
      let drawn = 0;
      for (const name of PALMS) {
        const visitor = await openReport(viewport, name);
        const { page, view } = visitor;
        try {
          const traces = view.reading!.line_traces ?? [];
          const paths = page.locator('.palm-trace');
          expect(await paths.count(), name).toBe(traces.length);
          for (const trace of traces) {
            const group = page.locator(`.palm-trace[data-line="${trace.line}"]`);
            const d = await group.locator('.palm-trace__stroke').getAttribute('d');
            expect(d, name).toMatch(/^M [\d.]+ [\d.]+ C /);
            expect((await group.getAttribute('data-uncertain')) !== null, `${name} ${trace.line}`).toBe(
              trace.confidence < 0.7,
            );
          }
          if (name === SHOWCASE) await saveScreenshot(page, 'report-lines');
          if (traces.length > 0) {
            const first = traces[0]!;
            const toggle = page.locator(`.line-legend__item[data-line="${first.line}"]`);
            expect(await toggle.getAttribute('aria-pressed')).toBe('true');
            await toggle.click();
            expect(await toggle.getAttribute('aria-pressed')).toBe('false');
            expect(await page.locator(`.palm-trace[data-line="${first.line}"]`).count()).toBe(0);
            await toggle.click();
            expect(await page.locator(`.palm-trace[data-line="${first.line}"]`).count()).toBe(1);
          }
          if (traces.length < 5) await visible(page.locator('.line-legend__unseen'));
          drawn += traces.length;
        } finally {
          await visitor.close();
        }
      }
      expect(drawn).toBeGreaterThan(0);
    },
  );

  it('opens "How we read this" with the measurements, and shows short tags', async () => {
    const visitor = await openReport(PHONE, SHOWCASE);
    const { page, view } = visitor;
    try {
      const first = page.getByRole('article').first();
      await first.getByText('How we read this').click();
      const measured = view.reading!.sections[0]!.howWeRead!.measured;
      if (measured.length > 0) await visible(first.getByText(measured[0]!, { exact: true }));
      for (const tag of await page.locator('.basis-tag').allTextContents())
        expect(tag).not.toMatch(/\.\.\.$/);
    } finally {
      await visitor.close();
    }
  });
});

/** An element as the in-page checks below read it. */
interface ShapeInPage {
  getBoundingClientRect(): { x: number; y: number; width: number; height: number };
  getTotalLength(): number;
  getPointAtLength(length: number): { x: number; y: number };
  closest(selector: string): ShapeInPage & { getAttribute(name: string): string | null };
}

/**
 * For each traced line, the share of points along it that no marker dot covers: points 1 % of
 * its length apart, mapped from the traces' 0–100 box to the page, and each dot taken as the
 * circle it is drawn as.
 */
async function lineShareInSight(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: {
        querySelectorAll(selector: string): ArrayLike<ShapeInPage>;
        querySelector(s: string): ShapeInPage | null;
      };
    };
    const traces = document.querySelector('.palm-traces');
    if (!traces) return {};
    const box = traces.getBoundingClientRect();
    const dots = Array.from(document.querySelectorAll('.palm-marker__dot')).map((dot) => {
      const rect = dot.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, r: rect.width / 2 };
    });
    const shares: Record<string, number> = {};
    for (const stroke of Array.from(document.querySelectorAll('.palm-trace__stroke'))) {
      const total = stroke.getTotalLength();
      let inSight = 0;
      for (let step = 0; step <= 100; step++) {
        const point = stroke.getPointAtLength((total * step) / 100);
        const x = box.x + (point.x / 100) * box.width;
        const y = box.y + (point.y / 100) * box.height;
        if (!dots.some((dot) => Math.hypot(dot.x - x, dot.y - y) < dot.r)) inSight++;
      }
      shares[stroke.closest('.palm-trace').getAttribute('data-line')!] = inSight / 101;
    }
    return shares;
  });
}

describe('the report on a phone (390 px)', () => {
  async function openOnPhone(name: string) {
    // A touch screen, as a phone has: taps, not a mouse, and hover that stays where the finger was.
    const context = await e2e.browser.newContext({
      baseURL: e2e.product.url,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    });
    const { id } = readings.get(name)!;
    // The browser that made the reading: only it opens the report until the reading is shared.
    await context.addCookies([ownerCookie()]);
    const page = await context.newPage();
    await page.goto(`/report/${id}`);
    await visible(page.getByText('Reading Complete'));
    await page.locator('.palm-figure__image').evaluate((image: PageElement) => image.decode?.());
    await markersLaidOut(page);
    return { page, close: () => context.close() };
  }

  it('keeps the traced lines in sight: the marker dots cover little of any line', async () => {
    let lines = 0;
    for (const name of PALMS) {
      const { page, close } = await openOnPhone(name);
      try {
        const shares = await lineShareInSight(page);
        for (const [line, share] of Object.entries(shares)) {
          expect(share, `${name}: ${line} line in sight`).toBeGreaterThanOrEqual(MIN_LINE_IN_SIGHT);
          lines++;
        }
        if (name === SHOWCASE) await saveScreenshot(page, 'report-phone-lines');
      } finally {
        await close();
      }
    }
    expect(lines).toBeGreaterThan(0);
  });

  it('shows one tooltip at a time when one marker is tapped and another focused', async () => {
    const { page, close } = await openOnPhone(SHOWCASE);
    try {
      const markers = page.locator('.palm-marker');
      expect(await markers.count()).toBeGreaterThan(1);
      const shownTooltips = () =>
        page
          .locator('.palm-marker__tooltip')
          .evaluateAll(
            (tips: ShapeInPage[]) =>
              tips.filter(
                (tip) =>
                  (
                    globalThis as unknown as { getComputedStyle(e: unknown): { visibility: string } }
                  ).getComputedStyle(tip).visibility === 'visible',
              ).length,
          );
      await markers.nth(0).tap();
      await visible(markers.nth(0).getByRole('tooltip'));
      expect(await shownTooltips()).toBe(1);
      await markers.nth(1).focus();
      await visible(markers.nth(1).getByRole('tooltip'));
      // Tooltips fade over a moment; the first must be gone, not merely fading.
      await page.waitForTimeout(400);
      expect(await shownTooltips()).toBe(1);
      await saveScreenshot(page, 'report-phone-tooltip');
      await markers.nth(2).tap();
      await page.waitForTimeout(400);
      expect(await shownTooltips()).toBe(1);
    } finally {
      await close();
    }
  });

  it('says how surely each line was seen in words, and "+N more" opens the full list of tags', async () => {
    const { page, close } = await openOnPhone(SHOWCASE);
    try {
      for (const classes of await page.locator('.line-legend__classes').allTextContents())
        expect(classes).toMatch(/· (clear|partly seen|faint)$|^(clear|partly seen|faint)$/);
      expect(await page.locator('.line-legend').innerText()).not.toMatch(/%|sure/);

      // Readings now rest each section on a few findings; the first section is given every tag of
      // the reading (all real tags of this palm) so that it has more than four to fold.
      const view = readings.get(SHOWCASE)!;
      const basis = [...new Set(view.reading!.sections.flatMap((section) => section.basis))];
      expect(basis.length, 'tags in the whole reading').toBeGreaterThan(4);
      await renderReportInBrowser(page, e2e.product.url, view.id);
      await page.route(`**/api/reading/${view.id}`, async (route) => {
        const served = (await (await route.fetch()).json()) as ReadingView;
        served.reading!.sections[0]!.basis = basis;
        await route.fulfill({ json: served });
      });
      await page.reload();
      await visible(page.getByText('Reading Complete'));
      const article = page.locator('.reading-section').first();
      expect(await article.locator('li.basis-tag').count()).toBe(4);
      const more = article.getByRole('button', { name: `+${basis.length - 4} more` });
      await more.scrollIntoViewIfNeeded();
      await more.tap();
      expect(await article.locator('li.basis-tag').count()).toBe(basis.length);
      expect(await article.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe(
        'true',
      );
      await saveScreenshot(page, 'report-phone-tags');
    } finally {
      await close();
    }
  });
});

describe('accessibility (axe-core in the page)', () => {
  it('finds no serious violation on the landing page, the wizard and the report', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await openVisitorPage(e2e.browser, e2e.product.url, viewport);
      const { page } = visitor;
      try {
        await page.goto('/');
        await visible(page.getByText('Your Happiness, in your Hands').first());
        expect((await seriousAxeViolations(page)).join('\n'), `landing at ${viewport.width}`).toBe('');
        await reachPhotoStep(page, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[0]! });
        expect((await seriousAxeViolations(page)).join('\n'), `wizard at ${viewport.width}`).toBe('');
      } finally {
        await visitor.close();
      }
      const report = await openReport(viewport, SHOWCASE);
      try {
        expect((await seriousAxeViolations(report.page)).join('\n'), `report at ${viewport.width}`).toBe('');
      } finally {
        await report.close();
      }
    }
  });
});

describe('the photo step on a phone', () => {
  it('brings the preview and Next into view once a photo is chosen, and keeps toasts off the buttons', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, PHONE);
    const { page } = visitor;
    try {
      await reachPhotoStep(page, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[0]! });
      await page.evaluate(() =>
        (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
      );
      const inView = async (selector: ReturnType<Page['locator']>) => {
        const box = (await selector.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= PHONE.height;
      };
      await pickPalm(page, palmPhotos()[0]!);
      const preview = page.getByRole('img', { name: /^Preview of your (left|right) palm photo$/ });
      await visible(preview, PHOTO_WORK_TIMEOUT);
      expect(await inView(nextButton(page)), 'Next in view').toBe(true);
      const previewBox = (await preview.boundingBox())!;
      expect(previewBox.y + previewBox.height, 'preview below the header').toBeGreaterThan(64);
      expect(previewBox.y + previewBox.height, 'preview on screen').toBeLessThanOrEqual(PHONE.height);

      // A refused file raises a toast while the buttons are on screen: it must not cover them.
      await page
        .getByLabel('Choose a palm photo file')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      const toast = errorToast(page, 'Invalid file type');
      await visible(toast);
      const toastBox = (await toast.boundingBox())!;
      for (const button of [nextButton(page), previousButton(page)]) {
        expect(intersect(toastBox, (await button.boundingBox())!), 'toast over a button').toBe(false);
      }
      const header = (await page.locator('.page-header').boundingBox())!;
      expect(toastBox.y, 'toast below the header').toBeGreaterThanOrEqual(header.y + header.height - 1);
    } finally {
      await visitor.close();
    }
  });
});

describe('the error banner', () => {
  it('sits below the sticky header and speaks human, never the server’s own words', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, PHONE);
    const { page } = visitor;
    try {
      // The one fault a browser test cannot cause for real: the flow service failing.
      await page.route('**/api/flows/active', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'database unavailable' }),
        }),
      );
      await page.goto('/scan');
      const banner = page.locator('.error-banner');
      await visible(banner);
      expect(await banner.textContent()).not.toContain('database unavailable');
      expect(await banner.textContent()).toMatch(/We could not load the questions/);
      const header = (await page.locator('.page-header').boundingBox())!;
      const bannerBox = (await banner.boundingBox())!;
      expect(bannerBox.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    } finally {
      await visitor.close();
    }
  });
});
