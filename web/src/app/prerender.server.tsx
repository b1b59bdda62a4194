import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app';
import { routes } from './router';

/**
 * The markup of the app's first render at `path`, with every lazy route loaded, for the build to
 * write into the page that main.tsx hydrates (build/prerender.plugin.ts).
 */
export async function renderPage(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerender(<App router={router} />);
  return new Response(prelude).text();
}
