import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';

export const LIGHTHOUSE_VERSION = '12.2.3';

/** What one Lighthouse run found for one page (scores 0–100, times in milliseconds). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  speedIndexMs: number;
  /** The performance audits that cost points, worst first, as Lighthouse titles them. */
  opportunities: string[];
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Lighthouse 12 with its default (mobile) preset — a Moto G Power–sized screen, simulated slow 4G
 * and a 4× slower CPU — on one URL, in a Chromium of its own (Debian's, started by playwright-core
 * with a remote-debugging port for Lighthouse to drive). `headers` go with every request the page
 * makes (the owner cookie, for a report that is not shared).
 */
export async function runLighthouse(
  chromiumPath: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LighthouseFigures> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.lighthouseVersion !== LIGHTHOUSE_VERSION) {
      throw new Error(`expected Lighthouse ${LIGHTHOUSE_VERSION}, ran ${lhr.lighthouseVersion}`);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const opportunities = Object.values(lhr.audits)
      .filter(
        (entry) =>
          entry.score !== null &&
          entry.score < 0.9 &&
          (entry.scoreDisplayMode === 'numeric' ||
            entry.scoreDisplayMode === 'metricSavings' ||
            entry.scoreDisplayMode === 'binary') &&
          lhr.categories.performance?.auditRefs.some((ref) => ref.id === entry.id),
      )
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((entry) => `${entry.title}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
    const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: audit('largest-contentful-paint')?.numericValue ?? NaN,
      tbtMs: audit('total-blocking-time')?.numericValue ?? NaN,
      fcpMs: audit('first-contentful-paint')?.numericValue ?? NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
      speedIndexMs: audit('speed-index')?.numericValue ?? NaN,
      opportunities,
      accessibilityFailures,
    };
  } finally {
    await browser.close();
  }
}
