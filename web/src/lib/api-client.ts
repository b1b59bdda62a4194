/**
 * Every call to our API goes through here: credentials included, JSON parsed, and the spec's
 * error rule — a non-success response becomes an Error whose message is
 * `${status}: ${bodyText || statusText}`. Our services answer problem JSON, so the parsed
 * problem is kept beside it and `describeError` shows people its `detail` sentence.
 */
export interface ProblemBody {
  title: string;
  status: number;
  detail: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly bodyText: string,
    readonly problem: ProblemBody | null,
  ) {
    super(message);
  }
}

export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';

  constructor(readonly timeoutMs: number) {
    super(`The request took longer than ${Math.round(timeoutMs / 1000)} seconds. Please try again.`);
  }
}

export interface ApiRequestOptions extends Omit<RequestInit, 'signal'> {
  /** Abort the request (and reject with RequestTimeoutError) after this many milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function parseProblem(bodyText: string): ProblemBody | null {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      'detail' in parsed &&
      typeof parsed.detail === 'string' &&
      'status' in parsed &&
      typeof parsed.status === 'number'
    ) {
      const title = 'title' in parsed && typeof parsed.title === 'string' ? parsed.title : '';
      return { title, status: parsed.status, detail: parsed.detail };
    }
  } catch {
    // Not JSON: the plain body text is the message.
  }
  return null;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { timeoutMs, signal, ...init } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const abortFromCaller = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    const response = await fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      ...init,
      signal: controller.signal,
    });
    if (!response.ok) {
      const bodyText = await response.text();
      throw new ApiError(
        response.status,
        `${response.status}: ${bodyText || response.statusText}`,
        bodyText,
        parseProblem(bodyText),
      );
    }
    return (await response.json()) as T;
  } catch (error) {
    if (timedOut && timeoutMs !== undefined) throw new RequestTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** The sentence to show a person: the problem's detail, else the body text, else the fallback. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.problem?.detail || error.bodyText.trim() || fallback;
  if (error instanceof RequestTimeoutError) return error.message;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
