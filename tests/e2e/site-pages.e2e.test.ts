import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchChromium,
  openVisitorPage,
  PHONE,
  saveScreenshot,
  visible,
  type Viewport,
  type VisitorPage,
} from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  // Periods other than the defaults, so the policy pages show they come from the configuration.
  [product, browser] = await Promise.all([
    startProduct({ READING_IMAGE_RETENTION_DAYS: '14', READING_TEXT_RETENTION_DAYS: '90' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const VIEWPORTS: [string, Viewport][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

interface StaticPage {
  path: string;
  title: string;
  lastUpdated: boolean;
  sections?: number;
}

const STATIC_PAGES: StaticPage[] = [
  { path: '/privacy-policy', title: 'Privacy Policy', lastUpdated: true },
  { path: '/terms-conditions', title: 'Terms and Conditions', lastUpdated: true },
  { path: '/refund-policy', title: 'Refund Policy', lastUpdated: true, sections: 11 },
  { path: '/shipping-delivery', title: 'Shipping and Delivery', lastUpdated: true, sections: 11 },
  { path: '/contact', title: 'Contact', lastUpdated: false },
];

async function withVisitor(viewport: Viewport, run: (visitor: VisitorPage) => Promise<void>) {
  const visitor = await openVisitorPage(browser, product.url, viewport);
  try {
    await run(visitor);
    expect(visitor.pageErrors).toEqual([]);
    expect(visitor.foreignRequests).toEqual([]);
  } finally {
    await visitor.close();
  }
}

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

describe.each(VIEWPORTS)('the site on a %s', (_device, viewport) => {
  it('serves every static page with the brand header, "Back to Home" and its content', async () => {
    await withVisitor(viewport, async ({ page }) => {
      for (const staticPage of STATIC_PAGES) {
        const response = await page.goto(staticPage.path);
        expect(response?.status()).toBe(200);
        await visible(mainHeading(page));
        expect(await mainHeading(page).textContent()).toMatch(
          new RegExp(staticPage.title.split(' ')[0]!, 'i'),
        );
        await visible(page.getByText('Your Happiness, in your Hands').first());
        expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
        if (staticPage.lastUpdated) await visible(page.getByText(/last updated July 6, 2025/i).first());
        if (staticPage.sections) {
          expect(await page.getByRole('main').getByRole('region').count()).toBe(staticPage.sections);
        }
        await saveScreenshot(page, staticPage.path.slice(1));
      }
      expect(await page.locator('details').count()).toBe(6);
      expect(await page.getByRole('button', { name: /send/i }).count()).toBeGreaterThan(0);
    });
  });

  it('shows "404 Page Not Found" with the router hint for any other path', async () => {
    await withVisitor(viewport, async ({ page }) => {
      const response = await page.goto('/no-such-page');
      // The status says it too, for crawlers and link checkers; the page itself is the spec's.
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
      await visible(page.getByText(/router/i).first());
      await saveScreenshot(page, 'not-found');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${product.url}/`);
    });
  });

  it('shows "Reading Not Found" for an unknown report id, with "Return to Home"', async () => {
    await withVisitor(viewport, async ({ page }) => {
      await page.goto('/report/not-a-reading-id');
      await visible(page.getByRole('heading', { name: 'Reading Not Found' }));
      // A well-formed id that names no reading.
      await page.goto('/report/AAAAAAAAAAAAAAAAAAAAAA');
      await visible(page.getByRole('heading', { name: 'Reading Not Found' }));
      await visible(page.getByText(/removed|incorrect|wrong/i).first());
      await saveScreenshot(page, 'reading-not-found');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${product.url}/`);
      await visible(page.getByText('Your Happiness, in your Hands').first());
    });
  });
});

describe('the policy pages', () => {
  it('state the configured periods and how sharing, deleting and email really work', async () => {
    await withVisitor(PHONE, async ({ page }) => {
      await page.goto('/privacy-policy');
      const retention = page.locator('section', { hasText: 'Data Retention' });
      await visible(retention.getByText(/deleted 14 days after the reading/));
      await visible(retention.getByText(/kept 90 days so you can return/));
      const body = (await page.locator('main').textContent()) ?? '';
      expect(body).not.toContain('30 days');
      expect(body).not.toContain('only as long as needed');
      expect(body).not.toContain('we send an email notice');
      expect(body).toContain('not permanently stored');
      expect(body).toMatch(/only the browser that made it can open it/);
      expect(body).toMatch(/without your questionnaire answers/);
      expect(body).toContain('“Delete this reading” removes the palm photo');

      await page.goto('/shipping-delivery');
      await visible(page.getByText(/stay available at their link for 90 days/));
      expect((await page.locator('main').textContent()) ?? '').not.toContain('permanently');
    });
  });
});

describe('what browsers and crawlers ask the site for', () => {
  it('answers the app’s pages 200, /robots.txt and /manifest.webmanifest as themselves', async () => {
    for (const path of ['/', '/scan', '/contact', '/privacy-policy', '/admin', '/admin/flows/3/edit'])
      expect((await fetch(`${product.url}${path}`)).status, path).toBe(200);
    for (const path of ['/no-such-page', '/admin/nope', '/scan/more'])
      expect((await fetch(`${product.url}${path}`)).status, path).toBe(404);

    const robots = await fetch(`${product.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Disallow: \/report\/$/m);
    expect(rules).not.toContain('<html');

    const manifestResponse = await fetch(`${product.url}/manifest.webmanifest`);
    expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Hastrekha', start_url: '/', theme_color: '#140f33' });
    expect(manifest.name).toContain('Hastrekha');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['any', '192x192', '512x512']);
    for (const icon of manifest.icons) {
      const served = await fetch(`${product.url}${icon.src}`);
      expect(served.headers.get('content-type'), icon.src).toContain(icon.type);
    }
    const page = await (await fetch(`${product.url}/scan`)).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });
});

describe('the landing page footer', () => {
  it('links every public page and the support mailbox, with the support hours and the 24-hour reply', async () => {
    await withVisitor(DESKTOP, async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await visible(footer);
      const hrefs = await Promise.all(
        (await footer.getByRole('link').all()).map((link) => link.getAttribute('href')),
      );
      for (const href of [
        '/scan',
        '/contact',
        '/privacy-policy',
        '/terms-conditions',
        '/refund-policy',
        '/shipping-delivery',
      ]) {
        expect(hrefs).toContain(href);
      }
      expect(hrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
      expect(await footer.textContent()).toMatch(/24 hours/);
      expect(await footer.textContent()).toMatch(/Monday/);
    });
  });
});
