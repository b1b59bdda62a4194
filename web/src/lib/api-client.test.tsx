import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, describeError, RequestTimeoutError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('turns a problem response into `${status}: ${body}` and shows people its detail', async () => {
    const problem = { title: 'Bad Request', status: 400, detail: 'age must not be empty' };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(problem), { status: 400 })),
    );
    const error = await apiRequest('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${JSON.stringify(problem)}`);
    expect(describeError(error, 'fallback')).toBe('age must not be empty');
  });

  it('uses the status text when the body is empty, and the fallback for people', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await apiRequest('/api/x').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(describeError(error, 'Failed to generate reading')).toBe('Failed to generate reading');
  });

  it('never shows a server error’s body to people: a 5xx gets the friendly fallback, even with a detail', async () => {
    const problem = { title: 'Service Unavailable', status: 503, detail: 'database unavailable' };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(problem), { status: 503 })),
    );
    const error = await apiRequest('/api/x').catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('503');
    expect(describeError(error, 'We could not load the questions.')).toBe('We could not load the questions.');
    const plain = new ApiError(400, '400: nope', 'nope', null);
    expect(describeError(plain, 'Please check your answers.')).toBe('Please check your answers.');
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        (_input, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = apiRequest('/api/reading', { method: 'POST', timeoutMs: 120_000 }).catch(
      (caught: unknown) => caught,
    );
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await pending).toBeInstanceOf(RequestTimeoutError);
  });
});
