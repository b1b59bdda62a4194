import { createLogger, handleShutdown, runMain } from '@palm/platform';
import { startEmbedded } from './embedded-app';

const logger = createLogger('palm');

runMain(logger, async () => {
  const product = await startEmbedded({ logger });
  logger.info(`Palm reading is ready at http://localhost:${product.port}`);
  handleShutdown(logger, () => product.stop());
});
