import { Router } from 'express';
import {
  activeEngineOf,
  readingSubmissionSchema,
  SUBMISSION_DEFAULTS,
  testRunPromptIdSchema,
  type PromptTestRunResult,
  type TestRunPromptId,
} from '@palm/contracts';
import { normalisePalmPhoto, palmUploadMessages } from '@palm/palm-photo';
import {
  badRequest,
  readImageUpload,
  requireAdmin,
  withPhotoRefusals,
  type Logger,
  type SessionVerifier,
} from '@palm/platform';
import type { ReadingEngine } from '@palm/palm-engine';

const SAMPLE_SUBMISSION = readingSubmissionSchema.parse({
  ...SUBMISSION_DEFAULTS,
  focusAreas: [...SUBMISSION_DEFAULTS.focusAreas],
  flowResponses: {},
});

/**
 * POST /api/admin/prompts/test-run: operators try the prompts on a photo of their choosing. Nothing
 * is stored — no reading, no image — and the raw engine result comes back as is, with a note on
 * whether the prompts shaped it. GET /api/admin/prompts/engine: the engine reading visitors' photos,
 * so the Prompts screen can say whether saved prompts are in use at all.
 */
export function createPromptTestRunRouter(deps: {
  sessions: SessionVerifier;
  logger: Logger;
  engine: ReadingEngine;
  engineFor(promptId: TestRunPromptId): ReadingEngine;
  usesPrompts: boolean;
}): Router {
  const router = Router();
  const active = activeEngineOf(deps.engine.name, deps.usesPrompts);
  router.get('/api/admin/prompts/engine', requireAdmin(deps.sessions), (_req, res) => {
    res.json(active);
  });
  router.post('/api/admin/prompts/test-run', requireAdmin(deps.sessions), async (req, res) => {
    const { image, fields } = await readImageUpload(req, {
      fileField: 'palmImage',
      textFields: ['promptId'],
      messages: palmUploadMessages('palmImage'),
    });
    const promptId = testRunPromptIdSchema.safeParse(fields.promptId ?? 'main');
    if (!promptId.success) throw badRequest('promptId must be "main" or "test".');
    const photo = await withPhotoRefusals(normalisePalmPhoto(image));
    const started = performance.now();
    const engine = deps.engineFor(promptId.data);
    // A photo without a readable palm answers with its retake advice, like a visitor's would.
    const result = await withPhotoRefusals(
      engine.read({ readingId: 'prompt-test-run', image: photo, submission: SAMPLE_SUBMISSION }),
    );
    const body: PromptTestRunResult = {
      promptId: promptId.data,
      engine: engine.name,
      durationMs: Math.round(performance.now() - started),
      usesPrompts: deps.usesPrompts,
      note: active.note,
      result,
    };
    deps.logger.info({ promptId: promptId.data, engine: engine.name }, 'prompt test run');
    res.json(body);
  });
  return router;
}
