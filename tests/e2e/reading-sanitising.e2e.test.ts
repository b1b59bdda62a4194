import type { ActiveFlow, ReadingResult, ReadingView } from '@palm/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIStub, type OpenAIStub } from '../support/openai-stub';
import { hostileVisualAnalysis } from '../support/hostile-model-output';
import { palmPhotos } from '../support/palm-photos';
import {
  DESKTOP,
  launchChromium,
  openVisitorPage,
  renderReportInBrowser,
  visible,
  type VisitorPage,
} from './support/browser';
import type { PageElement, PageGlobals } from './support/page-dom';
import { startProduct, type RunningProduct } from './support/product';
import { answerQuestions, DEFAULT_ANSWERS, fetchActiveFlow } from './support/wizard';

const SCRIPT = '<script>window.__xss=1</script>';
const ONERROR = '<img src=x onerror="window.__xss=1">';
const ALERT = '<img src=x onerror="alert(1)">';
const JS_LINK = '<a href="javascript:window.__xss=1">Open the secret</a>';
const SVG = '<svg onload="window.__xss=1"><circle r="1"></circle></svg>';

const AREAS = ['career', 'love', 'health', 'money', 'spiritual'] as const;

/** A model answer whose every text field carries script: model output is untrusted. */
function hostileReading(): ReadingResult {
  return {
    sections: AREAS.map((area) => ({
      area,
      title: `Stub ${area} reading ${SCRIPT}`,
      subtitle: `Planets ${ONERROR}`,
      insights: [`${ONERROR}A <strong>lasting</strong> bond`, `Follow this: ${JS_LINK}`, `${ALERT}Patience`],
      content: `<p>Your line is <em>long</em>.</p>${SCRIPT}${SVG}<iframe src="javascript:window.__xss=1"></iframe>`,
      details: `${JS_LINK} <a href="JaVaScRiPt:alert(1)">Shout</a> ${ONERROR}`,
      basis: [`${ONERROR}Heart line`, `Head line ${SCRIPT}`],
    })),
    visual_markers: [
      {
        id: 'heart',
        label: `Heart ${ONERROR}`,
        description: `${SCRIPT}Deep and curved`,
        style: 'line',
        coordinates: { x: 40, y: 35 },
      },
    ],
  };
}

/** Runs in the page: what the payloads would have set. */
const xssMarker = () => (globalThis as unknown as PageGlobals).__xss;

let stub: OpenAIStub;
let product: RunningProduct;
let browser: Browser;
let flow: ActiveFlow;

beforeAll(async () => {
  stub = await startOpenAIStub();
  stub.reply((body) => ({
    text: JSON.stringify(
      body.text?.format?.name === 'palm_visual_analysis'
        ? hostileVisualAnalysis(SCRIPT, `${ONERROR}${SCRIPT}`)
        : hostileReading(),
    ),
  }));
  [product, browser] = await Promise.all([
    startProduct({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseURL }),
    launchChromium(),
  ]);
  flow = await fetchActiveFlow(product.url);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await stub?.close();
});

interface Watched extends VisitorPage {
  dialogs: string[];
}

async function watchedVisitor(): Promise<Watched> {
  const visitor = await openVisitorPage(browser, product.url, DESKTOP);
  const dialogs: string[] = [];
  visitor.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...visitor, dialogs };
}

/** The report is there, it shows the markup it may show, and nothing in it could run script. */
async function expectSafeReport(page: Page, dialogs: string[]): Promise<void> {
  await visible(page.getByText('Reading Complete'));
  const sections = page.getByRole('article');
  await visible(sections.first());
  expect(await sections.count()).toBe(AREAS.length);
  await visible(page.getByRole('heading', { name: /Stub career reading/ }));
  expect(await page.locator('main strong', { hasText: 'lasting' }).count()).toBeGreaterThan(0);
  expect(await page.locator('main em', { hasText: 'long' }).count()).toBeGreaterThan(0);

  // Click what is left of the hostile links, then give failed images time to fire onerror.
  const link = page.getByText('Open the secret').first();
  if (await link.count()) await link.click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);

  expect(await page.evaluate(xssMarker)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const active = await page.locator('main').evaluate((main: PageElement) => ({
    scripts: main.querySelectorAll('script, iframe, object, embed').length,
    handlers: Array.from(main.querySelectorAll('*')).filter((element) =>
      element.getAttributeNames().some((name) => name.toLowerCase().startsWith('on')),
    ).length,
    scriptLinks: Array.from(main.querySelectorAll('[href], [src]')).filter((element) =>
      /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
    ).length,
  }));
  expect(active).toEqual({ scripts: 0, handlers: 0, scriptLinks: 0 });
}

describe('a reading whose text carries script', () => {
  let readingId: string;

  it('renders safely after the whole journey: sections visible, no script runs, no dialog', async () => {
    const visitor = await watchedVisitor();
    try {
      await visitor.page.goto('/scan');
      await answerQuestions(visitor.page, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[5]! });
      await visitor.page.waitForURL('**/report/*');
      readingId = new URL(visitor.page.url()).pathname.split('/').pop()!;
      // Shared, so the next test's fresh browser may open it too.
      const shared = await visitor.page.request.put(`/api/reading/${readingId}/sharing`, {
        data: { shared: true },
      });
      expect(shared.status()).toBe(200);
      expect(new Set(stub.requests.map((request) => request.body.text?.format?.name))).toEqual(
        new Set(['palm_visual_analysis', 'palm_reading_sections']),
      );
      await expectSafeReport(visitor.page, visitor.dialogs);
      expect(visitor.pageErrors).toEqual([]);

      // The page's own HTML, as the server rendered it for its owner: the text is there, and
      // nothing in it can run, before any script of ours has.
      const html = await (await visitor.page.request.get(`/report/${readingId}`)).text();
      const [, root = '', data = ''] =
        /<div id="root" data-prerendered="[^"]+">([\s\S]*)<\/div>\s*<script type="application\/json" id="report-page-data">([\s\S]*?)<\/script>/.exec(
          html,
        ) ?? [];
      expect(root).toContain('Stub career reading');
      expect(root).toContain('<strong>lasting</strong>');
      expect(root).not.toMatch(/<(script|iframe|object|embed|svg onload)\b|\son\w+=|javascript:/i);
      expect(data).toContain('Stub career reading');
      expect(data).not.toMatch(/<\/?script/i);
      for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
        expect(tag).toMatch(
          /^<script type="module" crossorigin src="\/assets\/|^<script type="application\/json" id="report-page-data">$/,
        );
    } finally {
      await visitor.close();
    }
  });

  it('is made safe by the web app itself when the server hands over the text untouched', async () => {
    expect(readingId).toBeDefined();
    const stored = (await (await fetch(`${product.url}/api/reading/${readingId}`)).json()) as ReadingView;
    const visitor = await watchedVisitor();
    try {
      // The server strips script too; here the browser renders the report itself from the model's
      // raw answer, to prove DOMPurify in the web app holds on its own.
      await renderReportInBrowser(visitor.page, product.url, readingId);
      await visitor.page.route(`**/api/reading/${readingId}`, (route) =>
        route.fulfill({ json: { ...stored, reading: hostileReading() } }),
      );
      await visitor.page.goto(`/report/${readingId}`);
      await expectSafeReport(visitor.page, visitor.dialogs);
      const marker = visitor.page.getByRole('figure').getByRole('button').first();
      await marker.hover();
      await visible(marker.getByRole('tooltip'));
      expect(await visitor.page.evaluate(xssMarker)).toBeUndefined();
    } finally {
      await visitor.close();
    }
  });
});
