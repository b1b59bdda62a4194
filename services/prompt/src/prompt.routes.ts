import { timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Router } from 'express';
import {
  INTERNAL_TOKEN_HEADER,
  PROMPT_IDS,
  promptIdSchema,
  updatePromptInputSchema,
  type PromptId,
} from '@palm/contracts';
import {
  badRequest,
  HttpError,
  jsonBody,
  notFound,
  parseRequest,
  requireAdmin,
  type SessionVerifier,
} from '@palm/platform';
import type { PromptEditor } from './prompt-editor';

export interface PromptRouterDeps {
  editor: PromptEditor;
  sessions: SessionVerifier;
  /**
   * GET /api/prompts/runtime answers only callers that send this as X-Internal-Token; without one
   * (the embedded mode, where the worker reads the prompts in-process) it answers no one.
   */
  internalToken?: string;
}

function promptId(req: Request): PromptId {
  const parsed = promptIdSchema.safeParse(req.params.id);
  if (parsed.success) return parsed.data;
  const name = String(req.params.id).slice(0, 40);
  throw notFound(`There is no prompt called "${name}". The prompts are ${PROMPT_IDS.join(', ')}.`);
}

function versionId(req: Request): number {
  const value = String(req.params.versionId);
  if (!/^\d{1,9}$/.test(value))
    throw badRequest(`The version id must be a whole number, not "${value.slice(0, 20)}".`);
  return Number(value);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function requireInternalToken(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const given = req.headers[INTERNAL_TOKEN_HEADER];
    if (token !== undefined && typeof given === 'string' && sameSecret(given, token)) {
      next();
      return;
    }
    next(new HttpError(403, 'This call is only for the palm-reading services.', { code: 'forbidden' }));
  };
}

/**
 * The operators' prompt calls and the worker's runtime read, each with its full path. The admin
 * check and the JSON parser sit on each route, as every service's router shares one app in the
 * single-process mode.
 */
export function createPromptRouter({ editor, sessions, internalToken }: PromptRouterDeps): Router {
  const router = express.Router();
  const admin = requireAdmin(sessions);
  // 20 000 characters can take up to 80 KB in UTF-8, plus JSON escaping.
  const json = jsonBody('256kb');

  router.get('/api/admin/prompts', admin, async (_req, res) => {
    res.json(await editor.list());
  });

  router.put('/api/admin/prompts/:id', admin, json, async (req, res) => {
    const id = promptId(req);
    const { content } = parseRequest(updatePromptInputSchema, req.body);
    res.json(await editor.save(id, content));
  });

  router.get('/api/admin/prompts/:id/versions', admin, async (req, res) => {
    res.json(await editor.versions(promptId(req)));
  });

  router.post('/api/admin/prompts/:id/versions/:versionId/restore', admin, async (req, res) => {
    res.json(await editor.restore(promptId(req), versionId(req)));
  });

  router.get('/api/prompts/runtime', requireInternalToken(internalToken), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await editor.runtimePrompts());
  });

  return router;
}
