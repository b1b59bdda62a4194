import {
  createRemoteSessionVerifier,
  INTERNAL_TOKEN_REASON,
  loadConfig,
  requireSetting,
  runServiceProcess,
} from '@palm/platform';
import { createAiWorkerService } from './ai-worker.service';
import { aiWorkerConfigSchema } from './config';
import { createReadingEngines } from '@palm/palm-engine';
import { workerEngineHost } from './engine-host';
import { createRemotePromptSource } from './remote-prompt-source';
import { createPromptTestRunRouter } from './prompt-test-run.routes';

/** Distributed mode: the worker alone, with the prompt test run, health, readiness and metrics on PORT. */
runServiceProcess({
  name: 'ai-worker',
  loadConfig: () => {
    const config = loadConfig(aiWorkerConfigSchema);
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
    return config;
  },
  async create({ config, logger, db, bus, blobs }) {
    const engines = await createReadingEngines(
      config,
      workerEngineHost(logger),
      createRemotePromptSource({ promptUrl: config.PROMPT_URL, internalToken: config.INTERNAL_TOKEN }),
    );
    const worker = createAiWorkerService({
      db,
      bus: await bus(),
      blobs: await blobs(),
      logger,
      engine: engines.engine,
    });
    const testRun = createPromptTestRunRouter({
      ...engines,
      logger,
      sessions: createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL }),
    });
    return { ...worker, routers: [testRun] };
  },
});
