import { pino, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];
const isLogLevel = (level: string | undefined): level is LogLevel =>
  LOG_LEVELS.some((known) => known === level);

/**
 * The logger a process starts with, before its configuration is read. A LOG_LEVEL pino does not
 * know starts it at info: reading the configuration then stops start-up naming the variable,
 * where pino would have thrown a stack trace first.
 */
export function createLogger(service: string, level: string | undefined = process.env.LOG_LEVEL): Logger {
  return pino({
    name: service,
    level: isLogLevel(level) ? level : 'info',
    base: { service },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'token', 'code'], remove: true },
  });
}
