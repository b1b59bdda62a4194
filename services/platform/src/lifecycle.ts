import type { Logger } from './logging/logger';

/**
 * Stops the process cleanly on SIGTERM/SIGINT: stop taking work, finish what is in flight, close
 * connections, in the order given. A second signal, or 20 s, forces the exit.
 */
export function handleShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Runs a service's entry point; a start-up failure (bad config, unreachable db) exits with its message. */
export function runMain(logger: Logger, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    logger.fatal({ err: error }, error instanceof Error ? error.message : 'start-up failed');
    process.exit(1);
  });
}
