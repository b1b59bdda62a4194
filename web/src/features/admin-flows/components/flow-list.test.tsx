import type { AdminFlowDetail } from '@palm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { installRadixPolyfills } from '../testing/radix-polyfills';
import { FlowList } from './flow-list';

beforeAll(installRadixPolyfills);
afterEach(() => {
  vi.unstubAllGlobals();
});

const liveFlow = (id: number, trafficPercentage: number): AdminFlowDetail => ({
  id,
  name: `Flow ${id}`,
  description: '',
  version: 1,
  isLive: true,
  trafficPercentage,
  createdAt: '2025-07-06T10:00:00.000Z',
  questions: [],
  analytics: { served: 0, readings: 0, completionRate: 0 },
  analyticsByVersion: [],
});

describe('flow list', () => {
  it('lets the operator act on the traffic warning with the Set Traffic Percentage dialog', async () => {
    let flows = [liveFlow(1, 50), liveFlow(2, 100)];
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as { trafficPercentage: number };
          posts.push({ url, body });
          flows = flows.map((flow) =>
            url.includes(`/${flow.id}/`) ? { ...flow, trafficPercentage: body.trafficPercentage } : flow,
          );
          return Promise.resolve(jsonResponse(flows.find((flow) => url.includes(`/${flow.id}/`))));
        }
        return Promise.resolve(jsonResponse(flows));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(
      <TooltipProvider>
        <FlowList />
      </TooltipProvider>,
    );
    expect(await screen.findByText(/receive 150% of visitors in total/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Set Traffic' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Set Traffic Percentage' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /50%/ }));
    await user.click(screen.getByRole('button', { name: 'Go Live at 50%' }));
    expect(await screen.findByText('Flow status updated successfully')).toBeInTheDocument();
    expect(posts).toEqual([
      { url: '/api/admin/flows/2/toggle-live', body: { isLive: true, trafficPercentage: 50 } },
    ]);
    await vi.waitFor(() => expect(screen.queryByText(/does not add up/)).toBeNull());
  });
});
