import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openVisitorPage, PHONE, visible } from './support/browser';
import { useProductAndBrowser } from './support/product';

const e2e = useProductAndBrowser();

const HEADLINE = 'Your Happiness, in your Hands';
const FIRST_TEASER = 'the year your wealth peaks';

/** The page's own nodes, kept across the hydration to compare, and the document the checks read. */
interface LandingWindow {
  beforeScripts?: unknown[];
  document: {
    querySelector(selectors: string): { textContent: string | null } | null;
  };
  getComputedStyle(this: void, element: unknown): { fontFamily: string };
}

describe('the landing page as the gateway serves it', () => {
  it('has the landing page in the HTML of / itself, no inline script, its stylesheet allowed by hash, and only at /', async () => {
    const response = await fetch(`${e2e.product.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    const root = /<div id="root" data-prerendered="\/">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
    expect(root).toContain(`<h1 id="hero-title" class="hero__title">${HEADLINE}</h1>`);
    for (const text of [
      FIRST_TEASER,
      'Get Started',
      'Three steps to your reading',
      'Readers who found their path',
    ]) {
      expect(root).toContain(text);
    }
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc="\/assets\//.test(tag))).toBe(true);
    expect(html).not.toMatch(/\sstyle="/);
    // The stylesheet is inline, so the first paint waits for no other file; the CSP allows exactly it.
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const styleHash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(/style-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${styleHash}'`]);

    // A shared homepage link has a preview: its own card, at absolute URLs of where it was reached.
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(
      '<meta property="og:title" content="Hastrekha — Your Happiness, in your Hands" />',
    );
    expect(html).toMatch(
      /<meta property="og:description" content="AI palm readings in the Vedic tradition\./,
    );
    expect(html).toContain(`<meta property="og:url" content="${e2e.product.url}/" />`);
    expect(html).toContain(`<meta property="og:image" content="${e2e.product.url}/social-card.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta name="twitter:image" content="${e2e.product.url}/social-card.png" />`);
    const card = await fetch(`${e2e.product.url}/social-card.png`);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
    // Compressed as the build's own copies are.
    const compressed = await fetch(`${e2e.product.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');

    // Every other client route gets the empty shell, so none shows the landing page first.
    for (const path of ['/scan', '/contact', '/admin', '/report/AAAAAAAAAAAAAAAAAAAAAA', '/no-such-page']) {
      const shell = await (await fetch(`${e2e.product.url}${path}`)).text();
      expect(shell, path).toContain('<div id="root"></div>');
      expect(shell, path).not.toContain('hero-title');
      expect(shell, path).not.toContain('og:title');
    }
  });

  it('paints the landing page before any script has run, then hydrates that markup without an error', async () => {
    const visitor = await openVisitorPage(e2e.browser, e2e.product.url, PHONE);
    const { page } = visitor;
    try {
      const consoleProblems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text());
      });
      let releaseScripts!: () => void;
      const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await scriptsReleased;
        await route.continue();
      });

      await page.goto('/', { waitUntil: 'commit' });
      await visible(page.getByRole('heading', { level: 1, name: HEADLINE }));
      const beforeScripts = await page.evaluate(() => {
        const { document, getComputedStyle } = globalThis as unknown as LandingWindow;
        const nodes = ['h1', '.rotating-headline__phrase', 'footer'].map((selector) =>
          document.querySelector(selector),
        );
        (globalThis as unknown as LandingWindow).beforeScripts = nodes;
        return {
          font: getComputedStyle(nodes[0]).fontFamily,
          teaser: nodes[1]?.textContent,
          footer: nodes[2] !== null,
        };
      });
      // Styled by the stylesheet in the head, with the first teaser in place: the HTML alone.
      expect(beforeScripts).toEqual({
        font: expect.stringContaining('Fraunces'),
        teaser: FIRST_TEASER,
        footer: true,
      });

      releaseScripts();
      // The teaser moves on only once React has hydrated the page and run its effects.
      await page.waitForFunction(
        (first) =>
          (globalThis as unknown as LandingWindow).document.querySelector('.rotating-headline__phrase')
            ?.textContent !== first,
        FIRST_TEASER,
        { timeout: 15_000 },
      );
      const keptNodes = await page.evaluate(() => {
        const { document, beforeScripts = [] } = globalThis as unknown as LandingWindow;
        return ['h1', '.rotating-headline__phrase', 'footer'].map(
          (selector, index) => document.querySelector(selector) === beforeScripts[index],
        );
      });
      // A mismatch would have made React throw the markup away and render new nodes.
      expect(keptNodes).toEqual([true, true, true]);
      expect(consoleProblems).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);

      await page
        .getByRole('link', { name: /Get Started/ })
        .first()
        .click();
      await page.waitForURL(`${e2e.product.url}/scan`);
      await visible(page.getByRole('heading', { name: 'Begin Your Reading' }));
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
