import { expect, it } from 'vitest';
import { renderPage } from './prerender.server';

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
