import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/local-smtp-server';
import { palmPhotos } from '../support/palm-photos';
import { DESKTOP, launchChromium, PHONE, saveScreenshot, visible, type Viewport } from './support/browser';
import { markersLaidOut } from './support/markers';
import { startProduct, type RunningProduct } from './support/product';

let product: RunningProduct;
let browser: Browser;
let smtp: LocalSmtpServer;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  [product, browser] = await Promise.all([
    startProduct({ SMTP_URL: smtp.url, MAIL_FROM: 'Hastrekha <readings@palm.example>' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const pdfText = async (file: string) =>
  (await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as [string, Viewport][])('keeping and sharing a reading on a %s', (_device, viewport) => {
  it('keeps the reading private until Share, downloads the PDF, copies the link, emails it, stops sharing and deletes it', async () => {
    const context = await browser.newContext({ baseURL: product.url, viewport, reducedMotion: 'reduce' });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
      // The reading is made from this browser, so it holds the owner cookie as a visitor's would.
      const created = await context.request.post('/api/reading', {
        multipart: {
          palmImage: { name: 'palm.jpg', mimeType: 'image/jpeg', buffer: await readFile(palmPhotos()[1]!) },
        },
        timeout: 120_000,
      });
      expect(created.status()).toBe(200);
      const { id } = (await created.json()) as { id: string };
      const page = await context.newPage();
      const pageErrors: Error[] = [];
      page.on('pageerror', (error) => pageErrors.push(error));
      await page.goto(`/report/${id}`);

      const download = page.getByRole('link', { name: 'Download PDF' });
      await visible(download);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^hastrekha-palm-reading-\d{4}-\d{2}-\d{2}\.pdf$/);
      const pdf = await readFile(await file.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // No PUBLIC_URL, a port of the OS's choosing: the link points where the visitor is.
      expect(new URL(product.url).port).not.toBe('8080');
      expect(await pdfText(await file.path())).toContain(`${product.url}/report/${id}`);
      // A header from a proxy the product does not trust changes nothing.
      const forged = await page.request.get(`/api/reading/${id}/pdf`, {
        headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      });
      const forgedFile = path.join(tmpdir(), `forged-${viewport.width}-${id}.pdf`);
      await writeFile(forgedFile, await forged.body());
      try {
        const forgedText = await pdfText(forgedFile);
        expect(forgedText).toContain(`${product.url}/report/${id}`);
        expect(forgedText).not.toContain('evil.example');
      } finally {
        await rm(forgedFile, { force: true });
      }

      // Private until Share: a stranger's browser finds nothing, not even a preview.
      await visible(page.getByText(/Only this browser can open this reading/));
      const before = await fetch(`${product.url}/report/${id}`);
      expect(before.status).toBe(404);
      expect(await before.text()).not.toContain('og:image');
      expect((await fetch(`${product.url}/api/reading/${id}/pdf`)).status).toBe(404);

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await visible(page.getByText('Link copied'));
      expect((await fetch(`${product.url}/report/${id}`)).status).toBe(200);
      const clipboard = () =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText();
      expect(await page.evaluate(clipboard)).toBe(`${product.url}/report/${id}`);

      await page.getByRole('button', { name: 'Email me this reading' }).click();
      const address = page.getByLabel('Your email address');
      await address.fill('not-an-address');
      await page.getByRole('button', { name: 'Send' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'valid email address' }));
      const to = `visitor-${viewport.width}@example.com`;
      await address.fill(to);
      await page.getByRole('button', { name: 'Send' }).click();
      await visible(page.getByText('Email on its way'));
      await waitFor(() => smtp.received.some((mail) => JSON.stringify(mail.to).includes(to)));
      const mail = smtp.received.find((candidate) => JSON.stringify(candidate.to).includes(to))!;
      expect(mail.text).toContain(`${product.url}/report/${id}`);
      expect(mail.html).toContain(`href="${product.url}/report/${id}"`);
      expect(mail.attachments[0]?.contentType).toBe('application/pdf');
      await saveScreenshot(page, 'report-actions');

      await page.getByRole('button', { name: 'Stop sharing' }).click();
      await visible(page.getByText('Sharing stopped'));
      const stranger = await fetch(`${product.url}/report/${id}`);
      expect(stranger.status).toBe(404);
      expect(await stranger.text()).not.toContain('og:image');
      await page.reload();
      await visible(page.getByText(/Only this browser can open this reading/));
      // The server's render shows Share disabled until the app takes the page over (its scripts
      // wait for the photo); the app has then laid the markers out, and Share is alive.
      await markersLaidOut(page);
      await expect(page.getByRole('button', { name: 'Share', exact: true }).isEnabled()).resolves.toBe(true);
      // Sharing again opens the same link once more.
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await visible(page.getByRole('button', { name: 'Stop sharing' }));
      expect((await fetch(`${product.url}/report/${id}`)).status).toBe(200);

      // Taken back for good: asked first, then gone for the owner too.
      await page.getByRole('button', { name: 'Delete this reading' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this reading?' });
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await page.request.get(`/api/reading/${id}`)).status()).toBe(200);
      await page.getByRole('button', { name: 'Delete this reading' }).click();
      await page.getByRole('button', { name: 'Delete reading' }).click();
      await visible(page.getByText('Reading deleted'));
      await page.waitForURL(`${product.url}/`);
      for (const suffix of ['', '/image', '/pdf', '/card.png'])
        expect((await page.request.get(`/api/reading/${id}${suffix}`)).status(), suffix).toBe(404);
      expect((await page.request.get(`/report/${id}`)).status()).toBe(404);
      expect((await fetch(`${product.url}/report/${id}`)).status).toBe(404);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
