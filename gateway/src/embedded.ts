import { createLogger, handleShutdown, runMain } from '@palm/platform';
import { startEmbedded } from './embedded-app';

const logger = createLogger('palm');

runMain(logger, async () => {
  const product = await startEmbedded({ logger });
  logger.info(
    { opsUrl: product.opsUrl },
    `Palm reading is ready at http://localhost:${product.port} (/readyz and /metrics on the operations port)`,
  );
  handleShutdown(logger, () => product.stop());
});
