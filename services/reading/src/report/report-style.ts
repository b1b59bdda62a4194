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

export function formatReadingDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
