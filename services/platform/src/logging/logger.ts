import { pino, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger } from 'pino';

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'token', 'code'], remove: true },
  });
}
