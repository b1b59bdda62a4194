import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ReadingRequest } from '../lib/wizard-answers';
import { createReading, OUTAGE_RETRY_FOR_MS, OUTAGE_RETRY_WAIT_MS } from './create-reading';

const request: ReadingRequest = {
  palmImage: new File([new Uint8Array(10)], 'palm.jpg', { type: 'image/jpeg' }),
  palmFrames: [],
  dominantHand: 'right',
  age: '30',
  maritalStatus: 'single',
  hasChildren: 'no',
  focusAreas: ['love'],
  flowResponses: {},
  flowId: 1,
  flowVersion: 1,
  given: ['focusAreas'],
};

const problem = (status: number) =>
  new Response(JSON.stringify({ title: 'Service Unavailable', status, detail: 'Please try again.' }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '5' },
  });

describe('createReading during an outage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the reading again after a 503 and resolves once it is accepted', async () => {
    fetchMock
      .mockResolvedValueOnce(problem(503))
      .mockResolvedValueOnce(problem(503))
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'abc' }), { status: 200 }));
    const created = createReading(request);
    await vi.advanceTimersByTimeAsync(2 * OUTAGE_RETRY_WAIT_MS);
    await expect(created).resolves.toEqual({ id: 'abc' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after about a minute of 503s with the server’s error', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(problem(503)));
    const created = createReading(request);
    const outcome = expect(created).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(OUTAGE_RETRY_FOR_MS + OUTAGE_RETRY_WAIT_MS);
    await outcome;
    // The first try, then one every 5 s until the minute is up.
    expect(fetchMock.mock.calls.length).toBe(OUTAGE_RETRY_FOR_MS / OUTAGE_RETRY_WAIT_MS + 1);
  });

  it('does not retry other errors', async () => {
    fetchMock.mockResolvedValueOnce(problem(422));
    await expect(createReading(request)).rejects.toMatchObject({ status: 422 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports how much of the photos has been sent', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ id: 'abc' }), { status: 200 }));
    const progress = vi.fn();
    await expect(createReading(request, progress)).resolves.toEqual({ id: 'abc' });
    expect(progress).toHaveBeenLastCalledWith({ sent: expect.any(Number), total: expect.any(Number) });
    const { sent, total } = progress.mock.lastCall![0] as { sent: number; total: number };
    expect(sent).toBe(total);
    expect(total).toBeGreaterThanOrEqual(request.palmImage.size);
  });
});
