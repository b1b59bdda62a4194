import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ReadingSharing, ReadingView } from '@palm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  palmPhotos,
  readPhoto,
  submitReading,
  TEST_OWNER_COOKIE,
  TEST_OWNER_TOKEN,
} from '../support/palm-photos';
import { openVisitorPage, PHONE, visible } from './support/browser';
import type { PageElement } from './support/page-dom';
import { useProductAndBrowser } from './support/product';
import { fetchActiveFlow } from './support/wizard';

/**
 * /report/{id} as the gateway serves it: the report rendered into the HTML for a browser that may
 * see it (so it paints before any script has run), nothing of it for one that may not, and the
 * app taking that markup over without changing what is on screen.
 */
const e2e = useProductAndBrowser();
const QUESTION = 'Will my new venture flourish?';
/** What the owner's reading says of their answers (the local engine's words for them), and only theirs. */
const OWNERS_WORDS = [QUESTION, 'married', 'children'];

const get = (pathname: string, cookie?: string) =>
  fetch(`${e2e.product.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });

/** Text as React writes it into markup. */
const asMarkup = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A reading the local engine made, with the answers only its owner may read about. */
async function makeReading(): Promise<ReadingView> {
  const flow = await fetchActiveFlow(e2e.product.url);
  const question = flow.questions.find((candidate) => candidate.type === 'text_entry')!;
  const photo = palmPhotos().find((file) => path.basename(file) === 'pos_32_23_IMG_0368_JPG.jpg')!;
  const response = await submitReading(e2e.product.url, await readPhoto(photo), {
    fields: {
      maritalStatus: 'married',
      hasChildren: 'yes',
      focusAreas: JSON.stringify(['love', 'career']),
      flowResponses: JSON.stringify({ [question.id]: QUESTION }),
      given: JSON.stringify(['maritalStatus', 'hasChildren', 'focusAreas']),
    },
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return (await (await get(`/api/reading/${id}`, TEST_OWNER_COOKIE)).json()) as ReadingView;
}

/** The page's rendered report and the data beside it, as the HTML carries them. */
function renderedParts(html: string, id: string) {
  const match = new RegExp(
    `<div id="root" data-prerendered="/report/${id}">([\\s\\S]*)</div>\\s*<script type="application/json" id="report-page-data">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match
    ? { root: match[1]!, data: JSON.parse(match[2]!) as { view: ReadingView; sharing: ReadingSharing } }
    : null;
}

/** Nothing of the reading: the page a reading that does not exist gets. */
function expectNothingOf(html: string, view: ReadingView) {
  expect(html).toContain('<div id="root"></div>');
  for (const leak of [
    'data-prerendered',
    'report-page-data',
    `/api/reading/${view.id}`,
    'property="og:',
    asMarkup(view.reading!.sections[0]!.title),
    ...OWNERS_WORDS,
  ])
    expect(html, leak).not.toContain(leak);
}

let owned: ReadingView;

beforeAll(async () => {
  owned = await makeReading();
  expect(owned.status).toBe('completed');
  expect(JSON.stringify(owned.reading)).toContain(QUESTION);
}, 120_000);

describe('the report as the gateway serves it', () => {
  it("renders the report into its owner's page: the photo sized and asked for first, the reading in words, its data beside it", async () => {
    const response = await get(`/report/${owned.id}`, TEST_OWNER_COOKIE);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const parts = renderedParts(html, owned.id);
    expect(parts).not.toBeNull();
    const { root, data } = parts!;

    expect(root).toContain('<h1>Your Palm Reading</h1>');
    for (const section of owned.reading!.sections) expect(root).toContain(asMarkup(section.title));
    // The owner's own reading, answers and all, and the owner's controls.
    for (const words of OWNERS_WORDS) expect(root).toContain(words);
    expect(root).toContain('Delete this reading');
    // The photo: its size set, asked for at high priority by the head and the <img>, WebP where taken.
    const { width, height, srcset } = owned.palmImage!;
    // (Attribute names as React writes them, some in camel case: HTML reads them in any case.)
    const image = (/<img [^>]*class="palm-figure__image"[^>]*>/.exec(root)?.[0] ?? '').toLowerCase();
    for (const attribute of [
      `width="${width}"`,
      `height="${height}"`,
      'fetchpriority="high"',
      'elementtiming="palm-photo"',
    ])
      expect(image).toContain(attribute);
    expect(root.toLowerCase()).toContain(`<source type="image/webp" srcset="${srcset.webp.toLowerCase()}"`);
    expect(html).toMatch(
      new RegExp(`<link rel="preload" as="image" type="image/webp" imagesrcset="${srcset.webp}"`),
    );

    // The data it was rendered from: what the reading's own requests answer this browser.
    expect(data.view).toEqual(owned);
    expect(data.sharing).toEqual(
      await (await get(`/api/reading/${owned.id}/sharing`, TEST_OWNER_COOKIE)).json(),
    );

    // A strict page: no inline style or script the CSP would have to allow, its one stylesheet by hash.
    expect(html).not.toMatch(/\sstyle="/);
    for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
      expect(tag).toMatch(
        /^<script type="module" crossorigin src="\/assets\/[\w-]+\.js"|^<script type="application\/json"/,
      );
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const policy = response.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(/style-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('shows a stranger nothing of a reading not shared, only the palm reading once shared, and nobody anything once deleted', async () => {
    const view = await makeReading();
    const hidden = await get(`/report/${view.id}`);
    expect(hidden.status).toBe(404);
    expectNothingOf(await hidden.text(), view);

    const shared = await fetch(`${e2e.product.url}/api/reading/${view.id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: TEST_OWNER_COOKIE },
      body: JSON.stringify({ shared: true }),
    });
    expect(shared.status).toBe(200);
    const response = await get(`/report/${view.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const { root, data } = renderedParts(html, view.id)!;
    // The palm reading, rendered as the stranger's own request for it answers: no answers, no question.
    const palmOnly = (await (await get(`/api/reading/${view.id}`)).json()) as ReadingView;
    expect(data.view).toEqual(palmOnly);
    expect(data.sharing.owner).toBe(false);
    expect(root).toContain(asMarkup(palmOnly.reading!.sections[0]!.title));
    for (const words of OWNERS_WORDS) expect(html, words).not.toContain(words);
    expect(root).not.toContain('Delete this reading');

    const deleted = await fetch(`${e2e.product.url}/api/reading/${view.id}`, {
      method: 'DELETE',
      headers: { Cookie: TEST_OWNER_COOKIE },
    });
    expect(deleted.status).toBe(204);
    for (const cookie of [TEST_OWNER_COOKIE, undefined]) {
      const gone = await get(`/report/${view.id}`, cookie);
      expect(gone.status).toBe(404);
      expectNothingOf(await gone.text(), view);
    }
  });

  it('paints the report before any script has run, then hydrates that markup without moving anything', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, PHONE);
    const { page } = visitor;
    try {
      await page
        .context()
        .addCookies([{ name: 'palm_owner', value: TEST_OWNER_TOKEN, url: e2e.product.url }]);
      const consoleProblems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text());
      });
      // Layout shifts, as the page reports them.
      await page.addInitScript(() => {
        const scope = globalThis as unknown as ShiftWindow;
        scope.shifts = 0;
        new scope.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) scope.shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let releaseScripts!: () => void;
      const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
      const scripts: string[] = [];
      await page.route('**/assets/*.js', async (route) => {
        scripts.push(new URL(route.request().url()).pathname);
        await scriptsReleased;
        await route.continue();
      });

      await page.goto(`/report/${owned.id}`, { waitUntil: 'commit' });
      await visible(page.getByRole('heading', { level: 1, name: 'Your Palm Reading' }));
      await page.waitForFunction(() => {
        const photo = (globalThis as unknown as ShiftWindow).document.querySelector('.palm-figure__image');
        return photo?.complete === true && photo.naturalWidth > 0;
      });
      const before = await page.evaluate(async () => {
        const scope = globalThis as unknown as ShiftWindow;
        // From here on, with the page painted in its fonts, nothing may move.
        await scope.document.fonts.ready;
        scope.shifts = 0;
        const nodes = ['h1', '.palm-figure__image', 'article', '.report-actions'].map((selector) =>
          scope.document.querySelector(selector),
        );
        scope.beforeScripts = nodes;
        return {
          found: nodes.every(Boolean),
          placing: scope.document.querySelector('[data-placing]') !== null,
        };
      });
      // The whole report from its HTML; the markers wait for the app to place them on the photo.
      expect(before).toEqual({ found: true, placing: true });
      // Until then the page has asked for its loader alone.
      expect(scripts.every((script) => /\/load-after-photo-/.test(script))).toBe(true);

      releaseScripts();
      await page.locator('.palm-leaders').waitFor({ state: 'attached', timeout: 15_000 });
      const after = await page.evaluate(() => {
        const scope = globalThis as unknown as ShiftWindow;
        return {
          kept: ['h1', '.palm-figure__image', 'article', '.report-actions'].map(
            (selector, index) => scope.document.querySelector(selector) === scope.beforeScripts?.[index],
          ),
          shifts: scope.shifts,
          data: scope.document.getElementById('report-page-data') !== null,
        };
      });
      // A mismatch would have made React throw the markup away and render new nodes.
      expect(after).toEqual({ kept: [true, true, true, true], shifts: 0, data: false });
      expect(consoleProblems).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);

      // The app runs the page: the owner's Delete opens its confirmation.
      await page.getByRole('button', { name: 'Delete this reading' }).click();
      await visible(page.getByRole('dialog', { name: 'Delete this reading?' }));
    } finally {
      await visitor.close();
    }
  });
});

/** What the page-side checks read and keep (the root tsconfig has no DOM lib). */
interface ShiftWindow {
  shifts: number;
  beforeScripts?: unknown[];
  PerformanceObserver: new (callback: (list: { getEntries(): { value: number }[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
  document: {
    fonts: { ready: Promise<unknown> };
    querySelector(selectors: string): (PageElement & { complete?: boolean; naturalWidth: number }) | null;
    getElementById(id: string): unknown;
  };
}
