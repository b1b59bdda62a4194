import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkedReport } from '../testing/linked-report';

afterEach(() => document.body.replaceChildren());

describe('the report’s markers in the server’s markup', () => {
  it('shows the tooltip of a marker the keyboard reached before the app took the page over', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LinkedReport />);
    document.body.append(container);
    const marker = container.querySelector<HTMLElement>('.palm-marker[data-marker="line-heart"]')!;
    const sentences = [...container.querySelectorAll('.reading-claim[data-marker="line-heart"]')];
    marker.focus();
    expect(marker).not.toHaveAttribute('data-active');

    act(() => {
      hydrateRoot(container, <LinkedReport />);
    });

    // The same element, kept by hydration and still focused, is now the active marker with its sentences.
    expect(document.activeElement).toBe(marker);
    expect(marker).toHaveAttribute('data-active');
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(sentence).toHaveAttribute('data-active');
    expect(container.querySelector('.palm-marker[data-marker="mount-guru"]')).not.toHaveAttribute(
      'data-active',
    );
  });
});
