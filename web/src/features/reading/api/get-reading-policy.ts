import type { ReadingPolicy } from '@palm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const READING_POLICY_PATH = '/api/reading-policy';

/**
 * The retention periods and choices this installation is configured with: the policy pages fill
 * them in, so they say what the code does. Undefined until it has loaded (or if it cannot).
 */
export function useReadingPolicy(): ReadingPolicy | undefined {
  return useQuery(
    queryOptions({
      queryKey: [READING_POLICY_PATH],
      queryFn: () => apiRequest<ReadingPolicy>(READING_POLICY_PATH),
      staleTime: 5 * 60_000,
    }),
  ).data;
}

/** "30 days", or the words a page uses while the number is not known. */
export const daysOr = (days: number | undefined, unknown: string) =>
  days === undefined ? unknown : `${days} day${days === 1 ? '' : 's'}`;
