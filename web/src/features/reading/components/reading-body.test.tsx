import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normalizeReading } from '../lib/normalize-reading';
import { ReadingBody } from './reading-body';

const renderReading = (reading: unknown) => render(<ReadingBody reading={normalizeReading(reading)} />);

const loveSection = {
  area: 'love',
  title: 'Love & Relationships',
  subtitle: 'Your Heart Line',
  insights: ['You love deeply'],
  content: 'A long, curved heart line.',
  details: 'It begins under Jupiter.',
  basis: ['Heart line'],
};

describe('ReadingBody renders the four reading shapes of spec §3', () => {
  it('an object holding content', () => {
    renderReading({ title: 'Your Reading', content: 'The lines speak of patience.' });
    expect(screen.getByRole('heading', { name: 'Your Reading' })).toBeInTheDocument();
    expect(screen.getByText('The lines speak of patience.')).toBeInTheDocument();
  });

  it('a list of sections', () => {
    renderReading([loveSection, { ...loveSection, area: 'career', title: 'Career Path' }]);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading', { name: 'Love & Relationships' })).toBeInTheDocument();
    expect(within(first).getByText('Your Heart Line')).toBeInTheDocument();
    expect(within(first).getByText('You love deeply')).toBeInTheDocument();
    expect(within(first).getByText('A long, curved heart line.')).toBeInTheDocument();
    expect(within(first).getByText('It begins under Jupiter.')).toBeInTheDocument();
    expect(within(first).getByText('Heart line')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Career Path' })).toBeInTheDocument();
  });

  it('an object with a sections list', () => {
    renderReading({ sections: [loveSection], visual_markers: [] });
    expect(screen.getByRole('heading', { name: 'Love & Relationships' })).toBeInTheDocument();
  });

  it('an object with a sections list opens with its themes, before the sections', () => {
    renderReading({
      sections: [loveSection],
      themes: [
        {
          title: 'A steady rhythm',
          text: 'Your square palm and your long thumb speak of constancy.',
          features: [],
        },
        { title: '', text: 'A theme without a title is not shown.' },
      ],
      visual_markers: [],
    });
    const threads = screen.getByRole('heading', { name: 'The threads of your hand' });
    expect(screen.getByText('Your square palm and your long thumb speak of constancy.')).toBeInTheDocument();
    expect(screen.queryByText('A theme without a title is not shown.')).not.toBeInTheDocument();
    const section = screen.getByRole('heading', { name: 'Love & Relationships' });
    expect(threads.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a map of area to content', () => {
    renderReading({ love: 'Romance blooms in spring.', spiritual_growth: 'Meditation brings clarity.' });
    expect(screen.getByRole('heading', { name: 'Love' })).toBeInTheDocument();
    expect(screen.getByText('Romance blooms in spring.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Spiritual Growth' })).toBeInTheDocument();
  });

  it('says "No reading available" for an empty reading', () => {
    for (const empty of [null, [], {}, { sections: [] }, { content: '' }]) {
      const { unmount } = renderReading(empty);
      expect(screen.getByText('No reading available')).toBeInTheDocument();
      unmount();
    }
  });

  it('says "Unable to display reading" for an unknown shape', () => {
    for (const odd of [42, 'plain', { sections: 'nope' }, { love: 5 }, [7]]) {
      const { unmount } = renderReading(odd);
      expect(screen.getByText('Unable to display reading')).toBeInTheDocument();
      unmount();
    }
  });
});

describe('basis tags', () => {
  it('shows at most 4 tags, cuts each to 30 characters plus "..." and counts the rest', () => {
    const long = 'A very long basis tag that keeps going on and on';
    renderReading([
      {
        ...loveSection,
        basis: [long, 'Heart line', 'Mount of Venus', 'Girdle of Venus', 'Fate line', 'Sun line'],
      },
    ]);
    const tags = () =>
      screen
        .getAllByRole('listitem')
        .filter((item) => item.classList.contains('basis-tag'))
        .map((tag) => tag.textContent);
    expect(tags()).toEqual([`${long.slice(0, 30)}...`, 'Heart line', 'Mount of Venus', 'Girdle of Venus']);
    expect(screen.getByText(`${long.slice(0, 30)}...`)).toHaveAttribute('title', long);
    expect(screen.getByRole('button', { name: '+2 more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the full list from "+N more" and folds it again', async () => {
    const user = userEvent.setup();
    const basis = [
      'Heart line: long',
      'Fire hand',
      'Thumb opens wide',
      'Square palm',
      'Fate line: deep',
      'Sun line seen',
    ];
    renderReading([{ ...loveSection, basis }]);
    await user.click(screen.getByRole('button', { name: '+2 more' }));
    const tags = screen.getAllByRole('listitem').filter((item) => item.classList.contains('basis-tag'));
    expect(tags.map((tag) => tag.textContent)).toEqual(basis);
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(screen.queryByText('Sun line seen')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+2 more' })).toBeInTheDocument();
  });

  it('shows no "+N more" for four tags or fewer, and keeps a 30-character tag whole', () => {
    const exactly30 = 'x'.repeat(30);
    renderReading([{ ...loveSection, basis: [exactly30, 'b', 'c', 'd'] }]);
    expect(screen.getByText(exactly30)).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});

describe('markup in reading text', () => {
  it('is rendered as markup only after sanitising', () => {
    const { container } = renderReading({
      sections: [
        {
          ...loveSection,
          content:
            '<p>Your <strong>heart line</strong> glows</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
          insights: ['<em>Bold</em> love<script>alert(1)</script>'],
        },
      ],
      visual_markers: [],
    });
    expect(screen.getByText('heart line').tagName).toBe('STRONG');
    expect(screen.getByText('Bold').tagName).toBe('EM');
    expect(container.querySelector('script')).toBeNull();
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    expect(image).not.toHaveAttribute('onerror');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows plain text as text', () => {
    renderReading({ content: 'Five < six and 3 > 2' });
    expect(screen.getByText('Five < six and 3 > 2')).toBeInTheDocument();
  });
});
