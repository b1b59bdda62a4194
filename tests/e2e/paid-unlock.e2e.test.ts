import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos } from '../support/palm-photos';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in';
import { seriousAxeViolations } from './support/axe';
import { launchChromium, visible } from './support/browser';
import { ADMIN_SESSION_STORAGE_KEY } from './support/operator';
import { startProduct, type RunningProduct } from './support/product';

const BACKUP_CODE = 'E2EPAY42';

interface SectionView {
  area: string;
  content: string;
  locked?: boolean;
}

let browser: Browser;
let photo: Buffer;

beforeAll(async () => {
  [browser, photo] = await Promise.all([launchChromium(), readFile(palmPhotos()[1]!)]);
});
afterAll(() => browser?.close());

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A reading made from this browser context, so it holds the owner cookie as a visitor's would. */
async function makeReading(context: BrowserContext): Promise<string> {
  const created = await context.request.post('/api/reading', {
    multipart: { palmImage: { name: 'palm.jpg', mimeType: 'image/jpeg', buffer: photo } },
    timeout: 120_000,
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

const sectionsOf = async (context: BrowserContext, id: string) =>
  (
    (await (await context.request.get(`/api/reading/${id}`)).json()) as {
      reading: { sections: SectionView[] };
    }
  ).reading.sections;

describe('the paid unlock with Stripe settings', () => {
  let product: RunningProduct;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const port = await freePort();
    product = await startProduct(
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        ADMIN_BACKUP_CODES: BACKUP_CODE,
      },
      { port },
    );
    stripe.webhookUrl = `${product.url}/api/payments/webhook`;
  });
  afterAll(async () => {
    await product?.stop();
    await stripe?.close();
  });

  it('goes from the preview through Unlock and the checkout page back to the full reading and its PDF, until the operator refunds it', async () => {
    const context = await browser.newContext({ baseURL: product.url, reducedMotion: 'reduce' });
    try {
      const id = await makeReading(context);
      const preview = await sectionsOf(context, id);
      expect(preview.filter((section) => section.locked).length).toBeGreaterThanOrEqual(4);
      expect(preview.filter((section) => section.locked).every((section) => section.content === '')).toBe(
        true,
      );
      expect((await context.request.get(`/api/reading/${id}/pdf`)).status()).toBe(402);

      const page = await context.newPage();
      await page.goto(`/report/${id}`);
      await visible(page.getByText('This is your free preview'));
      await visible(page.getByText('The rest of this section comes with the full reading.').first());
      await page.getByRole('button', { name: 'Unlock Full Reading' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Unlock for $9.99' }).click();

      await page.waitForURL(`${stripe.url}/pay/**`);
      await visible(page.getByRole('heading', { name: 'Stand-in checkout' }));
      expect(stripe.sessions.at(-1)).toMatchObject({ clientReferenceId: id, amount: 999, currency: 'usd' });
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL(`${product.url}/report/${id}?checkout=complete`);
      const download = page.getByRole('link', { name: 'Download PDF' });
      await visible(download, 30_000);
      expect(await page.getByText('This is your free preview').count()).toBe(0);
      expect(await page.getByText('The rest of this section comes with the full reading.').count()).toBe(0);
      const full = await sectionsOf(context, id);
      expect(full.some((section) => section.locked)).toBe(false);
      expect(
        full.filter((section) => section.area !== 'timeline').every((section) => section.content !== ''),
      ).toBe(true);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

      // The operator sees the purchase on the dashboard and refunds it: the reading is a preview again.
      const login = await context.request.post('/api/admin/login', { data: { token: BACKUP_CODE } });
      expect(login.status()).toBe(200);
      const { sessionId } = (await login.json()) as { sessionId: string };
      const admin = await context.newPage();
      await admin.addInitScript(
        ([key, value]) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem(key!, value!),
        [ADMIN_SESSION_STORAGE_KEY, sessionId],
      );
      await admin.goto('/admin');
      const row = admin.getByRole('row', { name: new RegExp(id) });
      await visible(row);
      expect(await row.textContent()).toContain('paid');
      expect(await seriousAxeViolations(admin)).toEqual([]);
      await row.getByRole('button', { name: /Refund the purchase/ }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
      await visible(admin.getByText('Refund issued'));
      await visible(row.getByText('refunded'));
      expect(stripe.refunds).toEqual([{ paymentIntent: stripe.sessions.at(-1)!.paymentIntent }]);
      await page.reload();
      await visible(page.getByText('This is your free preview'));
      expect((await context.request.get(`/api/reading/${id}/pdf`)).status()).toBe(402);
    } finally {
      await context.close();
    }
  });
});

describe('without Stripe settings', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.stop());

  it('shows the whole reading and its PDF and offers no unlock', async () => {
    const context = await browser.newContext({ baseURL: product.url, reducedMotion: 'reduce' });
    try {
      const id = await makeReading(context);
      const sections = await sectionsOf(context, id);
      expect(sections.some((section) => section.locked)).toBe(false);
      const page = await context.newPage();
      await page.goto(`/report/${id}`);
      await visible(page.getByRole('link', { name: 'Download PDF' }));
      expect(await page.getByRole('button', { name: 'Unlock Full Reading' }).count()).toBe(0);
      expect(await page.getByText(/free preview/i).count()).toBe(0);
      expect((await context.request.get(`/api/reading/${id}/pdf`)).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
