import type { ReportPageRenderer } from '@palm/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { seedReportPage } from '@/features/reading/api/report-page';
import { createQueryClient } from '@/lib/query-client';
import { HtmlSanitiserContext } from '@/lib/sanitize';
import { App } from './app';
import { routes } from './router';

/** The markup of the app's first render at `path`, with every lazy route loaded. */
async function renderApp(
  path: string,
  queryClient: QueryClient,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerender(wrap(<App router={router} queryClient={queryClient} />));
  return new Response(prelude).text();
}

/** A page the same for everyone, for the build to write into the file main.tsx hydrates (build/prerender.plugin.ts). */
export const renderPage = (path: string): Promise<string> => renderApp(path, createQueryClient());

/**
 * One browser's report, for the gateway to serve at /report/{id} (gateway/src/report-meta.ts): the
 * page the app renders from the same data, which the page carries for main.tsx to hydrate with.
 */
export const renderReportPage: ReportPageRenderer['renderReportPage'] = ({ path, data, sanitiseHtml }) => {
  const queryClient = createQueryClient();
  seedReportPage(queryClient, data);
  return renderApp(path, queryClient, (app) => (
    <HtmlSanitiserContext value={sanitiseHtml}>{app}</HtmlSanitiserContext>
  ));
};
