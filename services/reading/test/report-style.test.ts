import { describe, expect, it } from 'vitest';
import { formatReadingDate } from '../src/report/report-style';

describe('formatReadingDate', () => {
  it('writes the UTC day as ICU does for en-GB, on every day of a leap year', () => {
    const start = Date.UTC(2028, 0, 1, 23, 59);
    for (let day = 0; day < 366; day++) {
      const date = new Date(start + day * 86_400_000);
      const icu = date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatReadingDate(date)).toBe(icu);
    }
  });

  it('does not follow the machine clock into the next day', () => {
    expect(formatReadingDate(new Date('2026-11-24T23:30:00-05:00'))).toBe('25 November 2026');
  });
});
