import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReportRoute from '@/app/routes/report';
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
  it('shows the completed reading with positioned markers and the unlock dialog', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(completed)));
    const user = userEvent.setup();
    renderReport();

    expect(await screen.findByText('Reading Complete')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /your palm photo/i })).toHaveAttribute('src', completed.palmUrl);
    const heart = screen.getByRole('button', { name: 'Heart Line' });
    expect(heart).toHaveStyle({ left: '40%', top: '25%' });
    expect(heart).toHaveAccessibleDescription(/Long and curved/);
    expect(screen.getByRole('button', { name: 'Palm Feature' })).toHaveStyle({ left: '70%', top: '80%' });
    for (const link of screen.getAllByRole('link', { name: 'New Reading' }))
      expect(link).toHaveAttribute('href', '/');

    await user.click(screen.getAllByRole('button', { name: 'Unlock Full Reading' })[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('$9.99')).toBeInTheDocument();
    expect(within(dialog).getByText('Full detailed reading for all life areas')).toBeInTheDocument();
    expect(within(dialog).getByText('Personalized future predictions')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Unlock Full Reading' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Continue with Free Preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

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
