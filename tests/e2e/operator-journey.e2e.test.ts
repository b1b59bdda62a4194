import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROMPTS_IDLE_NOTE, type ActiveFlow } from '@palm/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos } from '../support/palm-photos';
import { DESKTOP, launchChromium, visible } from './support/browser';
import {
  decodeQrCode,
  loggedSetupUrl,
  otpauthSecret,
  saveOperatorScreenshot,
  storedAdminSession,
  totpCode,
} from './support/operator';
import { startProduct, type RunningProduct } from './support/product';
import type { PageElement } from './support/page-dom';
import { answerQuestions, DEFAULT_ANSWERS } from './support/wizard';

const PROMPT_UPDATED = 'Prompt updated successfully! Changes will take effect immediately.';
const TRAFFIC_WARNING = 'Traffic does not add up to 100%';
const NEW_FLOW = {
  name: 'Spring split test',
  description: 'Four questions, served to half of the visitors against the default flow.',
};
const CHOICE_QUESTION = 'Which hand do you write with?';
const TEXT_QUESTION = 'What would you like the reading to focus on?';
const DEFAULT_FLOW_NAME = 'Default reading flow';
/** How many fresh visitors may be drawn before one gets the 50 % flow (a miss is 1 in 2^20). */
const MAX_VISITOR_DRAWS = 20;

let product: RunningProduct;
let browser: Browser;
let operator: BrowserContext;
let page: Page;
let workDir: string;

beforeAll(async () => {
  [product, browser, workDir] = await Promise.all([
    startProduct({}, { captureLogs: true }),
    launchChromium(),
    mkdtemp(path.join(tmpdir(), 'palm-e2e-operator-')),
  ]);
  operator = await browser.newContext({ baseURL: product.url, viewport: DESKTOP, reducedMotion: 'reduce' });
  page = await operator.newPage();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const toast = (title: string) => visible(page.getByText(title, { exact: true }).first());
const questionTexts = () => page.locator('.question-card__text').allTextContents();
const flowCard = (name: string) =>
  page.locator('.flow-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function chooseQuestionType(label: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').first().click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function submitQuestion(): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Add Question', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Moves the question one place up with the keyboard alone: focus its handle, Space, ArrowUp…, Space. */
async function moveQuestionUpByKeyboard(handle: Locator, cardAbove: Locator): Promise<void> {
  const [from, to] = await Promise.all([handle.boundingBox(), cardAbove.boundingBox()]);
  const distance = from!.y + from!.height / 2 - (to!.y + to!.height / 2);
  await handle.focus();
  await page.keyboard.press('Space');
  await visible(page.locator('.question-card--dragging'));
  // Each arrow moves the card 25 px; a little past half the gap makes the card above the closest.
  // dnd-kit moves the card on the next animation frame, so each press waits for the last to land.
  for (let press = 0; press < Math.ceil((distance / 2 + 10) / 25); press++) {
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(100);
  }
  await saveOperatorScreenshot(page, '3-flow-dragging');
  await page.keyboard.press('Space');
}

async function goLiveAt(percentage: 33 | 50 | 100, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Go Live', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Traffic Percentage' });
  await visible(dialog);
  await dialog.getByText(label, { exact: true }).click();
  await dialog.getByRole('button', { name: `Go Live at ${percentage}%` }).click();
  await toast('Flow status updated successfully');
  await visible(page.getByText(`Live · ${percentage}%`).first());
}

/** Fresh visitors (new contexts, so new cookies) until one is drawn into the flow with `flowId`. */
async function visitorOnFlow(flowId: number): Promise<{ context: BrowserContext; flow: ActiveFlow }> {
  for (let draw = 0; draw < MAX_VISITOR_DRAWS; draw++) {
    const context = await browser.newContext({
      baseURL: product.url,
      viewport: DESKTOP,
      reducedMotion: 'reduce',
    });
    const response = await context.request.get('/api/flows/active');
    const flow = (await response.json()) as ActiveFlow;
    if (flow.id === flowId) {
      return {
        context,
        flow: { ...flow, questions: [...flow.questions].sort((a, b) => a.sequence - b.sequence) },
      };
    }
    await context.close();
  }
  throw new Error(`None of ${MAX_VISITOR_DRAWS} fresh visitors was drawn into flow ${flowId}`);
}

async function cardCount(name: string, term: 'Served' | 'Readings'): Promise<number> {
  const value = flowCard(name)
    .locator('dl div')
    .filter({ has: page.getByText(term, { exact: true }) });
  return Number(await value.locator('dd').textContent());
}

describe('the operator journey', () => {
  let newFlowId = 0;

  it('sets sign-in up from the logged link with an authenticator reading the QR code', async () => {
    const setupUrl = loggedSetupUrl(product.logLines);
    expect(setupUrl.pathname).toBe('/admin/auth');
    await page.goto(`${setupUrl.pathname}${setupUrl.search}`);
    await visible(page.getByRole('heading', { name: 'Scan the QR code' }));
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.evaluate((image: { decode?(): Promise<void> }) => image.decode?.());
    await saveOperatorScreenshot(page, '1-setup');

    const qrFile = path.join(workDir, 'qr.png');
    await qr.screenshot({ path: qrFile });
    const uri = await decodeQrCode(qrFile);
    const secret = otpauthSecret(uri);
    expect((await page.getByTestId('setup-secret').textContent())?.trim()).toBe(secret);

    await page.getByRole('button', { name: /continue/ }).click();
    await page.getByLabel('Authentication code').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(`${product.url}/admin`);
    await visible(page.getByRole('link', { name: 'Prompt Management' }));
    await visible(page.getByRole('link', { name: 'Flow Management' }).first());
    expect(await storedAdminSession(page)).toBeTruthy();
    await saveOperatorScreenshot(page, '1-dashboard');
  });

  it('edits the Main Palm Reading prompt and restores the previous version from its history', async () => {
    await page.getByRole('link', { name: 'Prompt Management' }).click();
    await page.waitForURL('**/admin/prompts');
    await visible(page.getByRole('tab', { name: 'Main Palm Reading', selected: true }));
    // The product runs the local engine here (no OPENAI_API_KEY): the screen says the prompts wait.
    const engine = page.locator('.active-engine');
    await visible(engine);
    expect(await engine.textContent()).toContain('Active engine: the local engine (palm-local)');
    expect(await engine.textContent()).toContain(PROMPTS_IDLE_NOTE);
    const content = page.getByLabel('Main Palm Reading content');
    await visible(content);
    const original = (await content.textContent()) ?? '';
    expect(original.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByLabel('Prompt content');
    const edited = `${original}\nAlways end with one kind, practical suggestion.`;
    await editor.fill(edited);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText(PROMPT_UPDATED, { exact: true }));
    await visible(content);
    expect(await content.textContent()).toBe(edited);
    await saveOperatorScreenshot(page, '2-prompt-saved');

    // The history lists the edit as the current text and the earlier one below it, newest first.
    const versions = page.locator('.version-list__item');
    await visible(versions.nth(1));
    const previous = versions.filter({ hasNotText: 'current text' }).first();
    // Numbered within this prompt: the seeded text is 1, the edit 2.
    await visible(versions.first().getByText('Version 2', { exact: true }));
    await visible(previous.getByText('Version 1', { exact: true }));
    // What restoring would change: the added line would go.
    await visible(
      previous.locator('.version-diff__line--removed', { hasText: 'one kind, practical suggestion' }),
    );
    await previous.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await content.textContent()).toBe(edited);
    await previous.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('dialog', { name: 'Restore version 1?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await toast('Version restored');
    await expect.poll(() => content.textContent(), { timeout: 10_000 }).toBe(original);
    await page.reload();
    await visible(content);
    expect(await content.textContent()).toBe(original);
    await saveOperatorScreenshot(page, '2-prompt-restored');
  });

  it('builds a flow, reorders it with the keyboard and splits the traffic 50/50 with the default flow', async () => {
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.waitForURL('**/admin/flows');
    await visible(flowCard(DEFAULT_FLOW_NAME));
    await page.getByRole('button', { name: '+ Create Flow' }).click();
    await page.getByLabel('Name').fill(NEW_FLOW.name);
    await page.getByLabel('Description (optional)').fill(NEW_FLOW.description);
    await page.getByRole('button', { name: 'Create Flow', exact: true }).click();
    await toast('Flow created successfully');
    await visible(flowCard(NEW_FLOW.name));

    await flowCard(NEW_FLOW.name).getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/admin\/flows\/\d+\/edit$/);
    newFlowId = Number(/\/admin\/flows\/(\d+)\/edit$/.exec(page.url())![1]);
    await visible(page.getByRole('heading', { name: NEW_FLOW.name }));
    await visible(page.getByText('Gender Question Required'));

    await page.getByRole('button', { name: 'Add First Question' }).click();
    await chooseQuestionType('Gender Question (Auto-adds Hand Upload)');
    await submitQuestion();
    await visible(page.locator('.question-card').nth(1));
    await visible(page.getByText('Hand Image Upload', { exact: true }));
    await page.getByText('Gender Question Required').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '+ Add Question' }).click();
    await chooseQuestionType('Multiple Choice (Single Answer)');
    await page.getByLabel('Question text').fill(CHOICE_QUESTION);
    await page.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Right');
    await page.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Left');
    await submitQuestion();

    await page.getByRole('button', { name: '+ Add Question' }).click();
    await chooseQuestionType('Text Entry');
    await page.getByLabel('Question text').fill(TEXT_QUESTION);
    await submitQuestion();
    await visible(page.locator('.question-card').nth(3));
    await visible(page.getByText(/^Version \d+ and 4 questions$/));
    const [gender, hand] = (await questionTexts()).slice(0, 2);
    expect(await questionTexts()).toEqual([gender, hand, CHOICE_QUESTION, TEXT_QUESTION]);
    await saveOperatorScreenshot(page, '3-flow-questions');

    await moveQuestionUpByKeyboard(
      page.getByRole('button', { name: `Reorder question #4: ${TEXT_QUESTION}` }),
      page.locator('.question-card').nth(2),
    );
    await toast('Questions reordered successfully');
    const reordered = [gender, hand, TEXT_QUESTION, CHOICE_QUESTION];
    await expect.poll(questionTexts).toEqual(reordered);
    await page.reload();
    await visible(page.locator('.question-card').nth(3));
    expect(await questionTexts()).toEqual(reordered);
    await visible(page.getByRole('button', { name: `Reorder question #3: ${TEXT_QUESTION}` }));
    await saveOperatorScreenshot(page, '3-flow-reordered');

    await page.getByRole('button', { name: 'Go Live', exact: true }).click();
    const trafficDialog = page.getByRole('dialog', { name: 'Set Traffic Percentage' });
    await visible(trafficDialog);
    await trafficDialog.getByText('Split Testing', { exact: true }).click();
    await saveOperatorScreenshot(page, '3-traffic-dialog');
    await trafficDialog.getByRole('button', { name: 'Go Live at 50%' }).click();
    await toast('Flow status updated successfully');
    await visible(page.getByText('Live · 50%').first());

    await page.getByRole('link', { name: 'Back to Flows' }).click();
    await page.waitForURL('**/admin/flows');
    await visible(flowCard(DEFAULT_FLOW_NAME).getByText('Live · 100%'));
    await visible(flowCard(NEW_FLOW.name).getByText('Live · 50%'));
    await visible(page.getByText(TRAFFIC_WARNING));
    await saveOperatorScreenshot(page, '3-traffic-warning');

    await flowCard(DEFAULT_FLOW_NAME).getByRole('link', { name: 'View', exact: true }).click();
    await visible(page.getByRole('heading', { name: DEFAULT_FLOW_NAME }));
    await page.getByRole('button', { name: 'Disable Flow' }).click();
    await toast('Flow status updated successfully');
    await visible(page.getByText('Disabled', { exact: true }).first());
    await goLiveAt(50, 'Split Testing');

    await page.getByRole('link', { name: 'Back to Flows' }).click();
    await page.waitForURL('**/admin/flows');
    await visible(flowCard(DEFAULT_FLOW_NAME).getByText('Live · 50%'));
    await visible(flowCard(NEW_FLOW.name).getByText('Live · 50%'));
    expect(await page.getByText(TRAFFIC_WARNING).count()).toBe(0);
    await saveOperatorScreenshot(page, '3-traffic-balanced');
  });

  it('counts a visitor reading on the new flow on its card', async () => {
    expect(newFlowId).toBeGreaterThan(0);
    const before = {
      served: await cardCount(NEW_FLOW.name, 'Served'),
      readings: await cardCount(NEW_FLOW.name, 'Readings'),
    };
    const { context, flow } = await visitorOnFlow(newFlowId);
    try {
      expect(flow.questions.map((question) => question.type)).toEqual([
        'gender_question',
        'hand_image_upload',
        'text_entry',
        'single_choice',
      ]);
      const visitor = await context.newPage();
      await visitor.goto('/scan');
      await visible(visitor.getByRole('heading', { name: 'Begin Your Reading' }));
      await answerQuestions(visitor, flow, { ...DEFAULT_ANSWERS, palm: palmPhotos()[0]! });
      await visitor.waitForURL('**/report/*', { timeout: 60_000 });
      await visible(visitor.getByText('Reading Complete'), 60_000);
      // The photo arrives after the text: the picture shows the report as the visitor sees it.
      await visitor
        .getByRole('figure')
        .getByRole('img')
        .evaluate((image: PageElement) => image.decode?.());
      await saveOperatorScreenshot(visitor, '4-visitor-report');
    } finally {
      await context.close();
    }

    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(flowCard(NEW_FLOW.name));
          return {
            served: await cardCount(NEW_FLOW.name, 'Served'),
            readings: await cardCount(NEW_FLOW.name, 'Readings'),
          };
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual({ served: before.served + 1, readings: before.readings + 1 });
    await saveOperatorScreenshot(page, '4-flow-counts');
  });

  it('signs out and finds every admin screen and the admin API closed', async () => {
    const sessionId = await storedAdminSession(page);
    expect(sessionId).toBeTruthy();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/auth');
    expect(await storedAdminSession(page)).toBeNull();
    await saveOperatorScreenshot(page, '5-signed-out');

    for (const screen of ['/admin', '/admin/prompts', '/admin/flows', `/admin/flows/${newFlowId}`]) {
      await page.goto(screen);
      await page.waitForURL('**/admin/auth');
      await visible(page.getByLabel('Authentication code'));
    }

    for (const endpoint of ['/api/admin/flows', '/api/admin/prompts', '/api/admin/session']) {
      const response = await fetch(`${product.url}${endpoint}`, {
        headers: { Authorization: `Bearer ${sessionId}` },
      });
      expect(response.status, endpoint).toBe(401);
    }
  });
});
