/**
 * Whether a failure may pass on its own. Every dependency error ends up in one of three kinds:
 * `permanent` (the input itself is wrong: trying again gives the same answer), `transient` (a
 * dependency is away or overloaded: the same call will work later) and `unknown` (neither is
 * recognised). The bus retries transient and unknown failures with backoff and gives up at once
 * on permanent ones; HTTP answers 503 + Retry-After for transient ones instead of a 500.
 */
export type FailureKind = 'permanent' | 'transient' | 'unknown';

/** Throw this (or set `permanent: true` on an error) for a failure that no retry can fix. */
export class PermanentFailure extends Error {
  override name = 'PermanentFailure';
  readonly permanent = true;
}

/** Throw this for a failure of a dependency that is expected to come back. */
export class TransientFailure extends Error {
  override name = 'TransientFailure';
  readonly transient = true;
}

const PERMANENT_NAMES = new Set(['PermanentMessageError', 'InvalidBlobKeyError', 'ZodError']);

/** Sockets that did not connect, were cut or timed out; DNS that did not answer. */
const TRANSIENT_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** PostgreSQL: connection lost, server shutting down or starting, too many connections, conflicts. */
const TRANSIENT_SQLSTATE = /^(08...|57P0[1-3]|53300|53400|40001|40P01|55P03)$/;

/** S3/MinIO error codes that mean "later". */
const TRANSIENT_S3_CODES = new Set([
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'RequestTimeout',
  'RequestTimeTooSkewed',
  'XMinioServerNotInitialized',
]);

const TRANSIENT_NAMES = new Set([
  'TransientFailure',
  'KnexTimeoutError',
  'TimeoutError',
  'AbortError',
  'APIConnectionError',
  'APIConnectionTimeoutError',
  'RateLimitError',
  'InternalServerError',
]);

/** Messages of drivers that throw plain Errors for a lost connection. */
const TRANSIENT_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Timeout acquiring a connection|the database system is (starting up|shutting down)|message broker was not reachable|socket hang up|Channel closed|Connection closed|fetch failed/i;

function kindOf(error: object): FailureKind {
  const fields = error as {
    name?: unknown;
    code?: unknown;
    status?: unknown;
    statusCode?: unknown;
    permanent?: unknown;
    transient?: unknown;
    message?: unknown;
  };
  if (fields.permanent === true || (typeof fields.name === 'string' && PERMANENT_NAMES.has(fields.name))) {
    return 'permanent';
  }
  if (fields.transient === true || (typeof fields.name === 'string' && TRANSIENT_NAMES.has(fields.name))) {
    return 'transient';
  }
  if (typeof fields.code === 'string') {
    if (TRANSIENT_ERRNO.has(fields.code) || TRANSIENT_S3_CODES.has(fields.code)) return 'transient';
    if (TRANSIENT_SQLSTATE.test(fields.code)) return 'transient';
  }
  const status = typeof fields.status === 'number' ? fields.status : fields.statusCode;
  if (typeof status === 'number' && (status === 429 || status >= 500)) return 'transient';
  if (typeof fields.message === 'string' && TRANSIENT_MESSAGES.test(fields.message)) return 'transient';
  return 'unknown';
}

/**
 * Classifies an error by itself and by what caused it (`cause`, an AggregateError's members):
 * the first permanent or transient sign found decides.
 */
export function classifyFailure(error: unknown): FailureKind {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const kind = kindOf(current);
    if (kind !== 'unknown') return kind;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return 'unknown';
}

export const isTransientFailure = (error: unknown) => classifyFailure(error) === 'transient';
