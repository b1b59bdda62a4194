import type { ReadingSharing, ReadingView, ReportPageData } from '@palm/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readingQueryKey, readingSharingQueryKey } from './reading-query-keys';

/**
 * Puts a server-rendered report page's data where the report reads it, as the answers of its own
 * requests would: the server before it renders the page, the browser before it hydrates it, so
 * both render the same report (and the browser asks for neither again).
 */
export function seedReportPage(queryClient: QueryClient, { view, sharing }: ReportPageData): void {
  queryClient.setQueryData<ReadingView>(readingQueryKey(view.id), view);
  queryClient.setQueryData<ReadingSharing>(readingSharingQueryKey(view.id), sharing);
}
