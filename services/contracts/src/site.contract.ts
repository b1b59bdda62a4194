/**
 * The web app's pages, as its router declares them (web/src/app/router.tsx): the gateway answers
 * these paths 200 and any other 404, with the same app showing its 404 page.
 */
const SITE_PAGES = [
  /^\/$/,
  /^\/scan$/,
  /^\/report\/[^/]+$/,
  /^\/(privacy-policy|terms-conditions|refund-policy|shipping-delivery|contact)$/,
  /^\/admin(\/auth|\/prompts|\/flows|\/flows\/[^/]+|\/flows\/[^/]+\/edit)?$/,
];

/** Whether `pathname` is one of the web app's pages (a trailing slash is the same page). */
export const isSitePage = (pathname: string): boolean => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_PAGES.some((page) => page.test(path));
};

/** What the site calls itself wherever a page or a card names it. */
export const SITE_DESCRIPTION =
  'AI palm readings in the Vedic tradition. Your Happiness, in your Hands — a free reading in under 2 minutes.';

/**
 * The id of the `<script type="application/json">` in which a server-rendered report page carries
 * its ReportPageData (sharing.contract.ts) for the app to hydrate from. Here, apart from the
 * schemas, so the browser's entry names it without loading zod.
 */
export const REPORT_PAGE_DATA_ID = 'report-page-data';
