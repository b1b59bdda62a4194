import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReportRoute from './report';
import { jsonResponse, renderWithApp } from '@/testing/render';

const completed = {
  id: 'abcdefghijklmnopqrstuv',
  status: 'completed',
  palmUrl: '/api/reading/abcdefghijklmnopqrstuv/palm',
  error: null,
  reading: {
    sections: [
      {
        area: 'love',
        title: 'Love',
        subtitle: 'Heart line',
        insights: [],
        content: 'Warm and loyal.',
        details: '',
        basis: [],
      },
    ],
    visual_markers: [
      {
        id: 'm1',
        label: 'Heart Line',
        description: 'Long and curved',
        style: 'line',
        coordinates: { x: 40, y: 25 },
      },
      { id: 'm2', label: '', description: '', style: 'dot', coordinates: { x: 70, y: 80 } },
    ],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderReport = () =>
  renderWithApp(<ReportRoute />, { path: '/report/:id', initialEntry: '/report/abcdefghijklmnopqrstuv' });

describe('report page', () => {
  it('shows the completed reading with positioned markers, and no unlock when the site sells nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ ...completed, unlock: null })),
    );
    renderReport();

    expect(await screen.findByText('Reading Complete')).toBeInTheDocument();
    const photo = screen.getByRole('img', { name: /your palm photo/i });
    expect(photo).toHaveAttribute('src', completed.palmUrl);
    const heart = screen.getByRole('button', { name: 'Heart Line' });
    // No place until the photo has a size: the markers wait, unstyled, as the server renders them.
    expect(heart).not.toHaveAttribute('style');
    expect(photo.closest('.palm-figure__frame')).toHaveAttribute('data-placing');
    // jsdom loads no image: the photo arrives at 400 × 400 here.
    Object.defineProperties(photo, { complete: { value: true }, naturalWidth: { value: 800 } });
    photo.getBoundingClientRect = () => DOMRect.fromRect({ width: 400, height: 400 });
    fireEvent.load(photo);
    await waitFor(() => expect(heart).toHaveStyle({ left: '40%', top: '25%' }));
    expect(photo.closest('.palm-figure__frame')).not.toHaveAttribute('data-placing');
    expect(heart).toHaveAccessibleDescription(/Long and curved/);
    expect(screen.getByRole('button', { name: 'Palm Feature' })).toHaveStyle({ left: '70%', top: '80%' });
    for (const link of screen.getAllByRole('link', { name: 'New Reading' }))
      expect(link).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Unlock Full Reading' })).not.toBeInTheDocument();
    expect(screen.queryByText(/free preview/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/reading/${completed.id}/pdf`,
    );
  });

  it("offers the unlock of a preview at the server's price and says why checkout could not open", async () => {
    const preview = {
      ...completed,
      unlock: { amount: 999, currency: 'usd' },
      reading: {
        ...completed.reading,
        sections: [
          ...completed.reading.sections,
          {
            ...completed.reading.sections[0]!,
            area: 'career',
            title: 'Career',
            content: '',
            insights: ['Steady.'],
            locked: true,
          },
        ],
      },
    };
    const isCheckout = (input: Parameters<typeof fetch>[0]) =>
      (input instanceof Request ? input.url : input.toString()).includes('/api/payments/checkout');
    const fetchMock = vi.fn<typeof fetch>((input) =>
      Promise.resolve(
        isCheckout(input)
          ? jsonResponse(
              { title: 'Bad Gateway', status: 502, detail: 'The payment page could not be opened.' },
              502,
            )
          : jsonResponse(preview),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderReport();

    expect(await screen.findByText('This is your free preview')).toBeInTheDocument();
    expect(screen.getByText('The rest of this section comes with the full reading.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Unlock Full Reading' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('$9.99')).toBeInTheDocument();
    expect(within(dialog).getByText('Full detailed reading for all life areas')).toBeInTheDocument();
    expect(within(dialog).getByText('Personalized future predictions')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for $9.99' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment page could not be opened.',
    );
    const checkoutCall = fetchMock.mock.calls.find(([input]) => isCheckout(input));
    expect(JSON.parse(checkoutCall![1]!.body as string)).toEqual({ readingId: completed.id });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Free Preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // One 2 s confirmation poll and 2.5 s of quiet after it are the point, so 5 s is too tight on a busy machine.
  it(
    'waits for the payment back from checkout and shows the full reading once it is unlocked',
    { timeout: 15_000 },
    async () => {
      const locked = { ...completed, unlock: { amount: 999, currency: 'usd' } };
      const fetchMock = vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(jsonResponse(locked))
        .mockImplementation(() => Promise.resolve(jsonResponse({ ...completed, unlock: null })));
      vi.stubGlobal('fetch', fetchMock);
      renderWithApp(<ReportRoute />, {
        path: '/report/:id',
        initialEntry: '/report/abcdefghijklmnopqrstuv?checkout=complete',
      });
      expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Unlock Full Reading' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument(), {
        timeout: 5_000,
      });
      expect(screen.queryByRole('button', { name: 'Unlock Full Reading' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
      // Unlocked, the address forgets the return from checkout: nothing waits for a payment again.
      const calls = fetchMock.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(fetchMock.mock.calls.length).toBe(calls);
    },
  );

  it('shows "Reading Not Found" when the reading does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse({ title: 'Not Found', status: 404, detail: 'No such reading.' }, 404),
        ),
    );
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Reading Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('shows progress while the reading is still being generated', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(jsonResponse({ ...completed, status: 'processing', reading: null })),
    );
    renderReport();
    expect(
      await screen.findByRole('heading', { name: 'Your reading is being prepared' }),
    ).toBeInTheDocument();
  });
});
