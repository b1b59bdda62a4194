import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LinkedReport } from '../testing/linked-report';
import { confidenceInWords } from './line-legend';

const renderReport = () => render(<LinkedReport />);

describe('the report’s lines, markers and sentences', () => {
  it('draws each traced line, dashes the uncertain one, toggles it and names the lines not seen', async () => {
    const user = userEvent.setup();
    const { container } = renderReport();
    expect(container.querySelectorAll('.palm-trace')).toHaveLength(2);
    expect(container.querySelector('.palm-trace[data-line="life"]')).toHaveAttribute('data-uncertain');
    expect(container.querySelector('.palm-trace[data-line="heart"]')).not.toHaveAttribute('data-uncertain');
    const heart = screen.getByRole('button', { name: /Heart line long · gently curved · clear$/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('.palm-trace[data-line="heart"]')).toBeNull();
    expect(screen.getByText(/Head line, Fate line, Sun line:/)).toHaveTextContent(
      'not clearly visible in this photo',
    );
  });

  it('numbers the sentences a marker explains and highlights both ways', () => {
    const { container } = renderReport();
    const marker = screen.getByRole('button', { name: 'Heart line · Hridaya rekha' });
    const claims = container.querySelectorAll('.reading-claim[data-marker="line-heart"]');
    expect(claims).toHaveLength(2);
    expect(claims[0]).toHaveTextContent('(marker 1 on your palm photo: Heart line · Hridaya rekha)');

    fireEvent.focus(marker);
    for (const claim of claims) expect(claim).toHaveAttribute('data-active');
    expect(container.querySelector('.palm-trace[data-line="heart"]')).toHaveAttribute('data-active');
    fireEvent.blur(marker);
    expect(claims[0]).not.toHaveAttribute('data-active');

    fireEvent.pointerEnter(claims[1]!);
    expect(marker).toHaveAttribute('data-active');
    fireEvent.pointerLeave(claims[1]!);
    fireEvent.click(claims[1]!);
    expect(marker).toHaveAttribute('data-active');
  });

  it('says how surely each line was seen in words, never as a percentage', () => {
    const { container } = renderReport();
    const legend = container.querySelector('.line-legend')!;
    expect(legend).toHaveTextContent('Life line');
    expect(screen.getByRole('button', { name: /^Life line .*partly seen$/ })).toBeInTheDocument();
    expect(legend.textContent).not.toMatch(/%|sure/);
    expect([0.95, 0.7, 0.69, 0.5, 0.49, 0.1].map(confidenceInWords)).toEqual([
      'clear',
      'clear',
      'partly seen',
      'partly seen',
      'faint',
      'faint',
    ]);
  });

  it('shows one tooltip at a time: a marker tapped, then another focused, leaves one in use', async () => {
    const user = userEvent.setup();
    const { container } = renderReport();
    const heart = screen.getByRole('button', { name: 'Heart line · Hridaya rekha' });
    const jupiter = screen.getByRole('button', { name: 'Mount of Jupiter' });
    const inUse = () => [...container.querySelectorAll('.palm-marker[data-active]')];

    await user.click(heart);
    expect(inUse()).toEqual([heart]);
    // The finger stays "hovering" the tapped marker on a touch screen while focus moves on.
    fireEvent.pointerEnter(heart);
    fireEvent.focus(jupiter);
    expect(inUse()).toEqual([jupiter]);
    fireEvent.blur(jupiter);
    fireEvent.pointerLeave(heart);
    expect(inUse()).toEqual([heart]);
    await user.click(jupiter);
    expect(inUse()).toEqual([jupiter]);
  });

  it('folds the measurements into "How we read this" and gives tags their Vedic name', () => {
    renderReport();
    const article = screen.getByRole('article');
    expect(within(article).getByText('How we read this')).toBeInTheDocument();
    expect(within(article).getByText('Palm 1.31 times as long as wide')).toBeInTheDocument();
    expect(within(article).getByText('Heart line: long', { selector: '.basis-tag' })).toHaveAttribute(
      'title',
      'Hridaya rekha',
    );
  });
});
