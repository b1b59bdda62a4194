import { REPORT_PAGE_DATA_ID, type ReportPageData } from '@palm/contracts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@fontsource-variable/fraunces/wght.css';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';
import { routes } from './app/router';
import { seedReportPage } from './features/reading/api/report-page';
import { createQueryClient } from './lib/query-client';

/**
 * Gives the browser a turn: starting the app is a few steps of main-thread work (evaluating the
 * modules, creating the router, which reads sessionStorage, hydrating), each its own task this
 * way, so none holds the page for long.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement): Promise<void> {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // A report the server rendered carries the data it rendered from: the app starts from the same.
  // Read once and taken out of the page, so a reading deleted from it leaves no copy in the document.
  const reportData = document.getElementById(REPORT_PAGE_DATA_ID);
  if (reportData) {
    seedReportPage(queryClient, JSON.parse(reportData.textContent) as ReportPageData);
    reportData.remove();
  }
  const app = <App router={createBrowserRouter(routes)} queryClient={queryClient} />;
  await yieldToBrowser();
  // A page rendered ahead (build/prerender.plugin.ts, or the server's report) names its path: that
  // markup is what the first render here produces, so it is hydrated — as a transition, which React
  // does in slices that leave the page responsive, not in one long task; anything else (the empty
  // shell) is rendered afresh.
  if (container.dataset.prerendered === window.location.pathname) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
