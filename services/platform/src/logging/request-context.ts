import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

/** Runs `fn` with a request id that the logger, HTTP clients and bus publishes pick up on their own. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId ?? randomUUID() }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Incoming ids are echoed into logs and headers, so only a short, plain token is trusted. */
export function acceptRequestId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(value) ? value : randomUUID();
}
