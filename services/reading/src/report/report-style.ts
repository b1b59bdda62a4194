import type { TracedLineName } from '@palm/contracts';

/** The report's palette, shared by the PDF and the share card so both look like the web report. */
export const REPORT_COLORS = {
  ink: '#2b1d14',
  muted: '#6b5a4e',
  brand: '#9a3412',
  accent: '#d97706',
  paper: '#fffaf3',
  rule: '#e7d8c6',
  marker: '#b45309',
} as const;

export const TRACE_COLORS: Record<TracedLineName, string> = {
  heart: '#e11d48',
  head: '#2563eb',
  life: '#16a34a',
  fate: '#7c3aed',
  sun: '#d97706',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * "24 November 2026" (UTC). Written out rather than through `toLocaleDateString`, which maps some
 * 5 MB of ICU's data into the reading service for the rest of its life.
 */
export function formatReadingDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
