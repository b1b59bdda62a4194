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

/** The spec's error rule, shared by `fetch` and XHR responses so both raise the same ApiError. */
function apiErrorFrom(status: number, statusText: string, bodyText: string): ApiError {
  return new ApiError(status, `${status}: ${bodyText || statusText}`, bodyText, parseProblem(bodyText));
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
    if (!response.ok) throw apiErrorFrom(response.status, response.statusText, await response.text());
    // 204 No Content (logout, session check) has no body to parse.
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    if (timedOut && timeoutMs !== undefined) throw new RequestTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** How much of an upload's body has left the browser. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * A POST whose progress the page can show (`fetch` reports none while a body is sent), with
 * `apiRequest`'s rules: credentials included, JSON parsed, a non-success status an `ApiError`, a
 * timeout a `RequestTimeoutError`, and a network failure a `TypeError` as `fetch` gives.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  options: { timeoutMs?: number; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<T> {
  const { timeoutMs, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (timeoutMs !== undefined) xhr.timeout = timeoutMs;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const bodyText = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, xhr.statusText, bodyText));
        return;
      }
      try {
        resolve((xhr.status === 204 ? undefined : JSON.parse(bodyText)) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('timeout', () => reject(new RequestTimeoutError(timeoutMs ?? 0)));
    xhr.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    xhr.send(body);
  });
}

/**
 * The sentence to show a person: for a 4xx the problem's `detail` (our services word it for
 * people), else the caller's friendly fallback. A 5xx body is never shown: it speaks to operators
 * ("database unavailable"), not visitors.
 */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (error.status < 500 && error.problem?.detail) || fallback;
  if (error instanceof RequestTimeoutError) return error.message;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The operator's session (spec §6: kept in local storage). Components subscribe to it, so clearing
 * it — on sign-out or when the server answers 401 — sends every admin screen to the sign-in page.
 */
export const ADMIN_SESSION_STORAGE_KEY = 'palm.admin.sessionId';

const sessionListeners = new Set<() => void>();
const notifySessionListeners = () => sessionListeners.forEach((listener) => listener());

export const adminSession = {
  get: (): string | null => {
    try {
      return localStorage.getItem(ADMIN_SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set: (sessionId: string): void => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, sessionId);
    notifySessionListeners();
  },
  clear: (): void => {
    localStorage.removeItem(ADMIN_SESSION_STORAGE_KEY);
    notifySessionListeners();
  },
  subscribe: (listener: () => void): (() => void) => {
    sessionListeners.add(listener);
    // Signing in or out in another tab counts too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === ADMIN_SESSION_STORAGE_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      sessionListeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** An operator call: sends the stored session as a bearer token; a 401 ends the session. */
export async function adminRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const sessionId = adminSession.get();
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (sessionId) headers.set('Authorization', `Bearer ${sessionId}`);
  try {
    return await apiRequest<T>(path, { ...options, headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && sessionId) adminSession.clear();
    throw error;
  }
}

/** A JSON body for apiRequest/adminRequest. */
export function jsonBody(method: 'POST' | 'PUT', body: unknown): ApiRequestOptions {
  return {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
}
