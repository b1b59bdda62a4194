import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import RefundPolicyRoute from './refund-policy';
import TermsConditionsRoute from './terms-conditions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const offering = (price: { amount: number; currency: string } | null) => {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(jsonResponse({ price })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('policy pages', () => {
  it('state the price the server is configured with, not one written into the page', async () => {
    const fetchMock = offering({ amount: 1250, currency: 'eur' });
    renderWithApp(<RefundPolicyRoute />);
    expect(await screen.findByText(/a one-off payment of €12\.50 unlocks one reading/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/payments/offer');
    expect(screen.queryByText(/sells nothing/)).not.toBeInTheDocument();

    renderWithApp(<TermsConditionsRoute />);
    expect(await screen.findByText(/a one-off payment of €12\.50, which includes/)).toBeInTheDocument();
  });

  it('say every reading is free where nothing is sold, and name no price', async () => {
    offering(null);
    renderWithApp(<RefundPolicyRoute />);
    expect(
      await screen.findByText(
        /This site sells nothing at the moment: every reading is shown in full, free\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/a one-off payment of the price shown before you pay/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });
});
