import { VEDIC_LINES } from '@palm/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOADER_STATUS_MESSAGES, ReadingLoader, uploadWords } from './reading-loader';

describe('the loading view', () => {
  it('names the lines it traces by the glossary’s one spelling, as the report and the PDF do', () => {
    const { heart, head, life, fate } = VEDIC_LINES;
    for (const term of [heart, head, life, fate]) {
      const naming = LOADER_STATUS_MESSAGES.filter((message) => message.includes(term.vedic));
      expect(naming, term.vedic).toEqual([
        `${naming[0]!.split(' your ')[0]} your ${term.english} (${term.vedic})...`,
      ]);
    }
    // No other spelling of a line's name is left in the rotating messages.
    for (const message of LOADER_STATUS_MESSAGES) expect(message).not.toMatch(/Rekha|Mastishka/);
    expect(LOADER_STATUS_MESSAGES).toHaveLength(12);
  });

  it('opens on the first status message', () => {
    render(<ReadingLoader />);
    expect(screen.getByText(LOADER_STATUS_MESSAGES[0])).toBeInTheDocument();
  });

  it('shows the upload as it goes, then that the palm is being read, under the spec’s texts', () => {
    const { rerender } = render(<ReadingLoader upload={{ sent: 450_000, total: 1_000_000 }} />);
    expect(screen.getByText('Sending your photo: 45%')).toBeInTheDocument();
    expect(screen.getByText('This may take 1-2 minutes...')).toBeInTheDocument();
    rerender(<ReadingLoader upload={{ sent: 1_000_000, total: 1_000_000 }} />);
    expect(screen.getByText('Photo received: reading your palm now')).toBeInTheDocument();
    expect(uploadWords({ sent: 0, total: 0 })).toBe('Photo received: reading your palm now');
  });

  it('says nothing of an upload before the browser reports one', () => {
    render(<ReadingLoader />);
    expect(screen.queryByText(/Sending your photo/)).not.toBeInTheDocument();
  });
});
