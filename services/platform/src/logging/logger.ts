import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { withoutCredentials } from './loggable-url';
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
export function createLogger(
  service: string,
  level: string | undefined = process.env.LOG_LEVEL,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      name: service,
      level: isLogLevel(level) ? level : 'info',
      base: { service },
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'token', 'code'], remove: true },
      // A dependency's error may quote its connection string, and a start-up failure is logged with
      // its message: neither may carry a password into the logs.
      serializers: { err: (error: Error) => withoutCredentialsIn(stdSerializers.err(error)) },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg: unknown) =>
              typeof arg === 'string' ? withoutCredentials(arg) : arg,
            ) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

function withoutCredentialsIn<T extends object>(serialized: T): T {
  return Object.fromEntries(
    Object.entries(serialized).map(([key, value]) => [
      key,
      typeof value === 'string' ? withoutCredentials(value) : value,
    ]),
  ) as T;
}
