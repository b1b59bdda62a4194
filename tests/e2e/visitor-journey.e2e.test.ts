import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VEDIC_FINGERS, VEDIC_LINES, VEDIC_MOUNTS, type ActiveFlow, type ReadingView } from '@palm/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos } from '../support/palm-photos';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in';
import {
  DESKTOP,
  holdRequests,
  launchChromium,
  openVisitorPage,
  PHONE,
  PHOTO_WORK_TIMEOUT,
  saveScreenshot,
  visible,
  type Viewport,
} from './support/browser';
import { leaderAnchors, markersLaidOut, tiedToItsAnchor } from './support/markers';
import type { PageElement } from './support/page-dom';
import { startProduct, type RunningProduct } from './support/product';
import {
  answerQuestions,
  completeButton,
  DEFAULT_ANSWERS,
  fetchActiveFlow,
  nextButton,
  photoStepIndex,
  pickPalm,
  previousButton,
  stepLabel,
  type VisitorAnswers,
} from './support/wizard';

const run = promisify(execFile);

let product: RunningProduct;
let browser: Browser;
let flow: ActiveFlow;
let stripe: StripeStandIn;

// The spec's journey sells the full reading, so payments are configured (paid-unlock.e2e covers both ways).
beforeAll(async () => {
  stripe = await startStripeStandIn();
  [product, browser] = await Promise.all([
    startProduct({
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    }),
    launchChromium(),
  ]);
  flow = await fetchActiveFlow(product.url);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await stripe?.close();
});

const LOADING_TEXT = 'This may take 1-2 minutes...';

/** The reading as the page's browser, its owner, gets it. */
async function readingView(page: Page, id: string): Promise<ReadingView> {
  return (await (await page.request.get(`/api/reading/${id}`)).json()) as ReadingView;
}

/** Every marker names its feature and sits on its coordinates or is tied back to them. */
async function expectMarkersAtTheirCoordinates(page: Page, view: ReadingView): Promise<void> {
  const markers = view.reading?.visual_markers ?? [];
  expect(markers.length).toBeGreaterThan(0);
  await markersLaidOut(page);
  const figure = page.getByRole('figure');
  const buttons = figure.locator('.palm-marker');
  expect(await buttons.count()).toBe(markers.length);
  const photo = (await figure.getByRole('img').boundingBox())!;
  const anchors = await leaderAnchors(page);
  for (const [position, marker] of markers.entries()) {
    const button = buttons.nth(position);
    expect(await button.getAttribute('aria-label')).toBe(marker.label || 'Palm Feature');
    expect(tiedToItsAnchor(marker, (await button.boundingBox())!, photo, anchors), marker.id).toBe(true);
  }
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as [string, Viewport][])('the visitor journey on a %s', (_device, viewport) => {
  it('goes from the landing page through every question and a real palm photo to the finished report', async () => {
    const visitor = await openVisitorPage(browser, product.url, viewport);
    const { page } = visitor;
    const answers: VisitorAnswers = { ...DEFAULT_ANSWERS, palm: palmPhotos()[1]! };
    const total = flow.questions.length;
    const photoStep = photoStepIndex(flow);
    try {
      await page.goto('/');
      await visible(page.getByText('Your Happiness, in your Hands').first());
      await saveScreenshot(page, 'landing');
      await page.getByRole('link', { name: 'Get Started' }).first().click();

      await page.waitForURL('**/scan');
      await visible(page.getByRole('heading', { name: 'Begin Your Reading' }));
      await visible(stepLabel(page, 0, total));
      expect(await previousButton(page).isDisabled()).toBe(true);
      expect(await nextButton(page).isDisabled()).toBe(true);
      await saveScreenshot(page, 'scan');

      await answerQuestions(page, flow, answers, { to: photoStep - 1 });
      await visible(stepLabel(page, photoStep, total));
      await visible(page.getByText('JPG, PNG up to 5MB'));
      await visible(page.getByText(/whole hand and wrist in the frame/i));
      await visible(page.getByText('right hand', { exact: true }));
      expect(await nextButton(page).isDisabled()).toBe(true);
      await pickPalm(page, answers.palm);
      await visible(page.getByRole('img', { name: 'Preview of your right palm photo' }), PHOTO_WORK_TIMEOUT);
      // Next comes into view by itself once the photo is chosen.
      const next = (await nextButton(page).boundingBox())!;
      expect(next.y + next.height).toBeLessThanOrEqual(viewport.height);
      expect(next.y).toBeGreaterThanOrEqual(0);
      await saveScreenshot(page, 'scan-photo');
      await nextButton(page).click();

      await answerQuestions(page, flow, answers, { from: photoStep + 1, to: total - 2 });
      // Going back shows the earlier answer, so the visitor may go straight on.
      await visible(stepLabel(page, total - 1, total));
      await previousButton(page).click();
      await visible(stepLabel(page, total - 2, total));
      expect(await nextButton(page).isEnabled()).toBe(true);
      await nextButton(page).click();
      await visible(stepLabel(page, total - 1, total));
      expect(await completeButton(page).isDisabled()).toBe(true);

      const submission = await holdRequests(page, '**/api/reading');
      const posted = page.waitForRequest((request) => request.method() === 'POST');
      await answerQuestions(page, flow, answers, { from: total - 1 });

      await visible(page.getByText(LOADING_TEXT, { exact: true }));
      await visible(page.locator('.reading-loader img'));
      await saveScreenshot(page, 'loading');
      const body = (await posted).postDataBuffer()?.toString('latin1') ?? '';
      submission.release();
      for (const question of flow.questions.filter((item) => item.type !== 'hand_image_upload')) {
        expect(body).toContain(`question_${question.id}`);
      }
      expect(body).toContain('name="palmImage"');

      await page.waitForURL('**/report/*');
      const id = new URL(page.url()).pathname.split('/').pop()!;
      await visible(page.getByText('Reading Complete'));
      const sections = page.getByRole('article');
      await visible(sections.first());
      // The five life areas, and the Timeline's title when the photo's lines were traced well.
      expect(await sections.count()).toBeGreaterThanOrEqual(5);
      for (const title of await sections.getByRole('heading').allTextContents())
        expect(title.trim()).not.toBe('');

      const view = await readingView(page, id);
      expect(view.status).toBe('completed');
      // The focus the visitor chose leads the reading: the answers reached the engine.
      expect(view.reading?.sections[0]?.area).toBe('career');
      await page
        .getByRole('figure')
        .getByRole('img')
        .evaluate((image: PageElement) => image.decode?.());
      await expectMarkersAtTheirCoordinates(page, view);
      await saveScreenshot(page, 'report');

      const firstMarker = page.getByRole('figure').locator('.palm-marker').first();
      await firstMarker.hover();
      await visible(firstMarker.getByRole('tooltip'));

      await page.getByRole('button', { name: 'Unlock Full Reading' }).first().click();
      const dialog = page.getByRole('dialog');
      await visible(dialog);
      expect(await dialog.textContent()).toContain('$9.99');
      await saveScreenshot(page, 'unlock');
      await dialog.getByRole('button', { name: 'Continue with Free Preview' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: 'New Reading' }).first().click();
      await page.waitForURL(`${product.url}/`);
      expect(visitor.pageErrors).toEqual([]);
      expect(visitor.foreignRequests).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('the loading view', () => {
  it('shows the palm, says "This may take 1-2 minutes..." and moves its status on every 3 s', async () => {
    const visitor = await openVisitorPage(browser, product.url, DESKTOP);
    const { page } = visitor;
    try {
      await page.goto('/scan');
      const submission = await holdRequests(page, '**/api/reading');
      await answerQuestions(page, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[0]! });
      const loader = page.getByRole('status').filter({ hasText: LOADING_TEXT });
      await visible(loader);
      await visible(page.getByText(LOADING_TEXT, { exact: true }));
      await visible(page.getByText('Preparing your palm image...'));
      await visible(page.getByText('Mapping the major lines of your hand...'), 4_500);
      submission.release();
      await page.waitForURL('**/report/*');
      await visible(page.getByText('Reading Complete'));
    } finally {
      await visitor.close();
    }
  });

  it('names the lines as the report and the PDF do: one glossary, one spelling', async () => {
    const visitor = await openVisitorPage(browser, product.url, DESKTOP);
    const { page } = visitor;
    const { heart, head } = VEDIC_LINES;
    try {
      await page.goto('/scan');
      const submission = await holdRequests(page, '**/api/reading');
      await answerQuestions(page, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[0]! });
      // The loader names the heart line third and the head line fourth, 3 s apart.
      await visible(page.getByText(`Tracing your ${heart.english} (${heart.vedic})...`), 10_000);
      await visible(page.getByText(`Following your ${head.english} (${head.vedic})...`), 4_500);
      submission.release();
      await page.waitForURL('**/report/*');
      await visible(page.getByText('Reading Complete'));
      const report = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      const id = page.url().split('/report/')[1]!;
      // This product sells the full reading, and the PDF is part of it: pay through the stand-in first.
      const checkout = await page.request.post('/api/payments/checkout', { data: { readingId: id } });
      expect(checkout.status()).toBe(200);
      const payload = stripe.completedEvent(stripe.sessions.find((s) => s.clientReferenceId === id)!);
      const paid = await page.request.post('/api/payments/webhook', {
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.sign(payload) },
        data: payload,
      });
      expect(paid.status()).toBe(200);
      const pdf = await page.request.get(`/api/reading/${id}/pdf`);
      expect(pdf.status()).toBe(200);
      const pdfText = await textOfPdf(await pdf.body());

      // The love section (a default focus) reads this palm's heart line by its Vedic name in both.
      for (const text of [report, pdfText]) {
        expect(text).toContain(heart.vedic);
        for (const retired of RETIRED_SPELLINGS) expect(text).not.toMatch(retired);
      }
      // Every glossary term the report shows, the PDF shows in the same spelling.
      const glossaries: Record<string, { vedic: string }>[] = [VEDIC_LINES, VEDIC_MOUNTS, VEDIC_FINGERS];
      const terms = glossaries.flatMap((glossary) => Object.values(glossary).map((term) => term.vedic));
      const shown = terms.filter((term) => report.includes(term));
      expect(shown.length).toBeGreaterThan(1);
      for (const term of shown) expect(pdfText, term).toContain(term);
    } finally {
      await visitor.close();
    }
  });
});

/** Other spellings of the glossary's terms that once stood on one screen or another. */
const RETIRED_SPELLINGS = [/Mastishka/i, /\b(Hridaya|Jeevan|Bhagya|Mastishk) Rekha\b/];

async function textOfPdf(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glossary-pdf-'));
  try {
    const file = path.join(dir, 'reading.pdf');
    await writeFile(file, pdf);
    // pdftotext breaks lines where the PDF wraps them; the terms are compared as running text.
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
