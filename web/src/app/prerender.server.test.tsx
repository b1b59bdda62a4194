import type { ReadingView } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage, renderReportPage } from './prerender.server';

// Hydration of this markup is proven in Chromium (tests/e2e/landing-prerender.e2e.test.ts): in one
// realm React's server renderer leaves the router's contexts set, which a client render then trips on.
it('renders the landing page with its texts in place and nothing the CSP would block', async () => {
  const html = await renderPage('/');
  const page = document.createElement('div');
  page.innerHTML = html;
  expect(page.querySelector('h1')?.textContent).toBe('Your Happiness, in your Hands');
  expect(page.querySelector('.rotating-headline__phrase')?.textContent).toBe('the year your wealth peaks');
  expect(page.querySelector('.hero__actions a')?.getAttribute('href')).toBe('/scan');
  expect(page.querySelector('footer')?.textContent).toContain(`© ${new Date().getFullYear()} Hastrekha`);
  expect(html).not.toMatch(/<script\b|<style\b|\sstyle="/);
});

it('renders whichever route the path names, as the browser would', async () => {
  const page = document.createElement('div');
  page.innerHTML = await renderPage('/no-such-page');
  expect(page.querySelector('h1')?.textContent).toBe('404 Page Not Found');
});

describe("a reading's report, as the gateway has the server render it", () => {
  const id = 'abcdefghijklmnopqrstuv';
  const view: ReadingView = {
    id,
    status: 'completed',
    palmUrl: `/api/reading/${id}/image`,
    palmImage: {
      width: 640,
      height: 853,
      srcset: { webp: `/api/reading/${id}/image/640.webp 640w`, jpeg: `/api/reading/${id}/image 640w` },
    },
    reading: {
      sections: [
        {
          area: 'love',
          title: 'Love & Relationships',
          subtitle: 'Your Heart Line',
          insights: ['You love <em>deeply</em><script>window.__xss=1</script>'],
          content: 'A long, curved heart line.',
          details: '',
          basis: [],
        },
      ],
      visual_markers: [
        { id: 'm1', label: 'Heart Line', description: 'Long', style: 'line', coordinates: { x: 40, y: 25 } },
      ],
    },
    error: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: '2026-01-01T00:00:30.000Z',
    imageRemovedAfterDays: null,
    unlock: null,
  };
  const sharing = { shared: false, includePhoto: false, owner: true, emailAvailable: false };
  const sanitised: string[] = [];
  // Stands in for the server's allow-list: what it is given, and that its output is what goes in.
  const sanitiseHtml = (html: string) => {
    sanitised.push(html);
    return html.replace(/<script[\s\S]*?<\/script>/g, '');
  };

  const render = async (data = { view, sharing }) => {
    const page = document.createElement('div');
    page.innerHTML = await renderReportPage({ path: `/report/${id}`, data, sanitiseHtml });
    return page;
  };

  it('is the whole report, its photo sized and asked for first, with nothing the CSP would block', async () => {
    const page = await render();
    expect(page.querySelector('h1')?.textContent).toBe('Your Palm Reading');
    expect(page.querySelector('article h2, article h3')?.textContent).toBe('Love & Relationships');
    const photo = page.querySelector('img.palm-figure__image')!;
    expect(
      Object.fromEntries(
        ['width', 'height', 'fetchpriority', 'elementtiming'].map((name) => [name, photo.getAttribute(name)]),
      ),
    ).toEqual({
      width: '640',
      height: '853',
      fetchpriority: 'high',
      elementtiming: 'palm-photo',
    });
    expect(page.querySelector('picture source')?.getAttribute('srcset')).toBe(view.palmImage!.srcset.webp);
    // The markers wait for the photo's size in the browser: hidden, and without a style attribute.
    expect(page.querySelector('.palm-figure__frame')?.hasAttribute('data-placing')).toBe(true);
    expect(page.innerHTML).not.toMatch(/<script\b|<style\b|\sstyle="/);
    // The owner's controls, from the sharing it was given, disabled until the app takes the page
    // over: pressed before then, they would do nothing.
    const buttons = [...page.querySelectorAll('.report-actions button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Share', 'Delete this reading']);
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
  });

  it("inserts reading markup only as the server's sanitiser returns it", async () => {
    sanitised.length = 0;
    const page = await render();
    expect(sanitised).toContain(view.reading!.sections[0]!.insights[0]);
    expect(page.querySelector('article em')?.textContent).toBe('deeply');
    expect(page.innerHTML).not.toContain('__xss');
  });

  it("offers a stranger's browser no owner's control", async () => {
    const page = await render({ view, sharing: { ...sharing, shared: true, owner: false } });
    expect(page.textContent).toContain('Share');
    expect(page.textContent).not.toContain('Delete this reading');
    expect(page.textContent).not.toContain('Stop sharing');
  });
});
