export interface FieldError {
  field: string;
  message: string;
}

/** An error meant for the client: its `detail` is shown to a person, so write it as a sentence. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly options: { code?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new HttpError(400, detail, { code: 'bad_request', errors });
export const notFound = (detail: string) => new HttpError(404, detail, { code: 'not_found' });
export const unauthorized = (detail = 'Please sign in to continue.') =>
  new HttpError(401, detail, { code: 'unauthorized', headers: { 'WWW-Authenticate': 'Bearer' } });
export const conflict = (detail: string) => new HttpError(409, detail, { code: 'conflict' });

/** How long a client is asked to wait when a dependency is away (`Retry-After`, seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (
  detail = 'We are having a short technical problem. Please try again in a moment — nothing was saved.',
  retryAfterSeconds = OUTAGE_RETRY_AFTER_SECONDS,
) =>
  new HttpError(503, detail, {
    code: 'temporarily_unavailable',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
