import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { PurchasesCard } from './purchases-card';

const paid = {
  id: 'cs_test_1',
  readingId: 'abcdefghijklmnopqrstuv',
  amount: 999,
  currency: 'usd',
  status: 'paid',
  paidAt: '2026-11-20T10:00:00.000Z',
  refundedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Purchases card', () => {
  it('shows the totals and latest purchases, and refunds one after confirming', async () => {
    let refunded = false;
    const fetchMock = vi.fn<typeof fetch>((input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/refund') && init?.method === 'POST') {
        refunded = true;
        return Promise.resolve(jsonResponse({ ...paid, status: 'refunded' }));
      }
      return Promise.resolve(
        jsonResponse({
          enabled: true,
          count: 1,
          revenue: refunded ? [] : [{ currency: 'usd', amount: 999 }],
          refunds: refunded ? 1 : 0,
          recent: [{ ...paid, status: refunded ? 'refunded' : 'paid' }],
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<PurchasesCard />);

    const revenue = (await screen.findByText('Revenue')).parentElement!;
    expect(within(revenue).getByText('$9.99')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /abcdefghijklmnopqrstuv/ });
    expect(within(row).getByText('paid')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Refund the purchase/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund issued')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('row', { name: /abcdefghijklmnopqrstuv/ })).findByText('refunded'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund the purchase/ })).not.toBeInTheDocument();
  });

  it('says plainly when payments are not configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(jsonResponse({ enabled: false, count: 0, revenue: [], refunds: 0, recent: [] })),
    );
    renderWithApp(<PurchasesCard />);
    expect(await screen.findByText(/Payments are not configured/)).toBeInTheDocument();
    expect(screen.getByText('No purchases yet.')).toBeInTheDocument();
  });
});
