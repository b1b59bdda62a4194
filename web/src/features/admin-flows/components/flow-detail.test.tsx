import type { AdminFlowDetail, Question } from '@palm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { installRadixPolyfills } from '../testing/radix-polyfills';
import { FlowDetail } from './flow-detail';

beforeAll(installRadixPolyfills);

afterEach(() => {
  vi.unstubAllGlobals();
});

const question = (id: number, sequence: number, fields: Partial<Question> = {}): Question => ({
  id,
  type: 'text_entry',
  questionText: `Question ${id}`,
  options: null,
  sequence,
  binding: null,
  ...fields,
});

function flow(fields: Partial<AdminFlowDetail> = {}): AdminFlowDetail {
  return {
    id: 3,
    name: 'Spring flow',
    description: 'For the A/B test',
    version: 5,
    isLive: false,
    trafficPercentage: 0,
    createdAt: '2025-07-06T10:00:00.000Z',
    questions: [],
    analytics: { served: 10, readings: 4, completionRate: 0.4 },
    analyticsByVersion: [],
    ...fields,
  };
}

function renderFlow(flowId: number, response: Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  renderWithApp(
    <TooltipProvider>
      <FlowDetail flowId={flowId} />
    </TooltipProvider>,
  );
  return fetchMock;
}

describe('flow detail screen', () => {
  it('shows a loading state while the flow is fetched', () => {
    renderFlow(3, new Promise<Response>(() => {}));
    expect(screen.getByRole('status')).toHaveTextContent('Loading flow...');
  });

  it('shows "Error Loading Flow" with the status and body, and a way back', async () => {
    renderFlow(
      3,
      jsonResponse({ title: 'Internal Server Error', status: 500, detail: 'Database down' }, 500),
    );
    expect(await screen.findByRole('heading', { name: 'Error Loading Flow' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch flow: 500 Database down')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Flows' })).toHaveAttribute('href', '/admin/flows');
  });

  it('shows "Flow Not Found" for an unknown flow', async () => {
    renderFlow(3, jsonResponse({ title: 'Not Found', status: 404, detail: 'x' }, 404));
    expect(await screen.findByRole('heading', { name: 'Flow Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested flow could not be found.')).toBeInTheDocument();
  });

  it('does not fetch at all for id 0', () => {
    const fetchMock = renderFlow(0, jsonResponse(flow()));
    expect(screen.getByRole('heading', { name: 'Flow Not Found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('warns that a gender question is required, and offers the first question when empty', async () => {
    renderFlow(3, jsonResponse(flow()));
    expect(await screen.findByRole('heading', { name: 'Spring flow' })).toBeInTheDocument();
    expect(screen.getByText('Version 5 and 0 questions')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Gender Question Required');
    expect(screen.getByRole('heading', { name: 'No Questions Yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add First Question' })).toBeInTheDocument();
  });

  it('shows the questions in order without the warning once a gender question exists', async () => {
    renderFlow(
      3,
      jsonResponse(
        flow({
          isLive: true,
          trafficPercentage: 50,
          questions: [
            question(2, 2, { type: 'hand_image_upload', questionText: 'Upload your palm' }),
            question(1, 1, {
              type: 'gender_question',
              questionText: 'What was your designated gender at birth?',
              options: ['Male', 'Female'],
            }),
          ],
        }),
      ),
    );
    expect(await screen.findByText('Live · 50%')).toBeInTheDocument();
    expect(screen.queryByText('Gender Question Required')).not.toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('#1');
    expect(items[0]).toHaveTextContent('Options: Male, Female');
    expect(items[1]).toHaveTextContent('Upload your palm');
    expect(screen.getByRole('button', { name: 'Disable Flow' })).toBeInTheDocument();
  });

  it('refuses to go live without a hand image upload question', async () => {
    renderFlow(3, jsonResponse(flow({ questions: [question(1, 1)] })));
    await userEvent.click(await screen.findByRole('button', { name: 'Go Live' }));
    expect(
      await screen.findByText('Cannot make flow live: At least one hand image upload question is required'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Set Traffic Percentage' })).not.toBeInTheDocument();
  });

  it('asks for the traffic percentage, 100 by default, before going live', async () => {
    const fetchMock = renderFlow(
      3,
      jsonResponse(flow({ questions: [question(1, 1, { type: 'hand_image_upload' })] })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Go Live' }));
    expect(screen.getByRole('dialog', { name: 'Set Traffic Percentage' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /100%\s*Full Traffic/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /33%\s*A\/B Testing/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /50%\s*Split Testing/ }));
    fetchMock.mockResolvedValue(jsonResponse(flow({ isLive: true, trafficPercentage: 50 })));
    await userEvent.click(screen.getByRole('button', { name: 'Go Live at 50%' }));
    expect(await screen.findByText('Flow status updated successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => (url as string).endsWith('/toggle-live'));
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ isLive: true, trafficPercentage: 50 });
  });
});
