import express, { type Request, type Response, type Router } from 'express';
import {
  createFlowInputSchema,
  questionInputSchema,
  reorderQuestionsInputSchema,
  toggleLiveInputSchema,
} from '@palm/contracts';
import { jsonBody, parseRequest, readCookie, requireAdmin, type SessionVerifier } from '@palm/platform';
import {
  isVisitorId,
  newVisitorId,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_MS,
  type ActiveFlowSelector,
} from './active-flow';
import { FLOW_NOT_FOUND, QUESTION_NOT_FOUND, type FlowEditor } from './flow-editor';
import { parseId } from './request-input';

export interface FlowRouterDeps {
  editor: FlowEditor;
  selector: ActiveFlowSelector;
  sessions: SessionVerifier;
}

function visitorOf(req: Request, res: Response): string {
  const existing = readCookie(req.headers.cookie, VISITOR_COOKIE);
  if (isVisitorId(existing)) return existing;
  const visitorId = newVisitorId();
  res.cookie(VISITOR_COOKIE, visitorId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: VISITOR_COOKIE_MAX_AGE_MS,
  });
  return visitorId;
}

const flowId = (req: Request) => parseId(req.params.id as string | undefined, 'flow', FLOW_NOT_FOUND);
const questionId = (req: Request) =>
  parseId(req.params.questionId as string | undefined, 'question', QUESTION_NOT_FOUND);

/**
 * The public active-flow call and the operators' flow calls (spec §7), each with its full path.
 * The admin check and the JSON parser sit on each route rather than on a path prefix, because in
 * the single-process mode every service's router shares one app.
 */
export function createFlowRouter({ editor, selector, sessions }: FlowRouterDeps): Router {
  const router = express.Router();
  const admin = requireAdmin(sessions);
  const json = jsonBody('64kb');

  router.get('/api/flows/active', async (req, res) => {
    const visitorId = visitorOf(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await selector.select(visitorId));
  });

  router.get('/api/admin/flows', admin, async (_req, res) => {
    res.json(await editor.listFlows());
  });

  router.post('/api/admin/flows', admin, json, async (req, res) => {
    res.status(201).json(await editor.createFlow(parseRequest(createFlowInputSchema, req.body)));
  });

  router.get('/api/admin/flows/:id', admin, async (req, res) => {
    res.json(await editor.getFlow(flowId(req)));
  });

  router.delete('/api/admin/flows/:id', admin, async (req, res) => {
    const id = flowId(req);
    await editor.deleteFlow(id);
    res.json({ id, deleted: true });
  });

  router.post('/api/admin/flows/:id/toggle-live', admin, json, async (req, res) => {
    const id = flowId(req);
    res.json(await editor.toggleLive(id, parseRequest(toggleLiveInputSchema, req.body)));
  });

  router.put('/api/admin/flows/:id/questions/sequence', admin, json, async (req, res) => {
    const id = flowId(req);
    const questions = await editor.reorderQuestions(id, parseRequest(reorderQuestionsInputSchema, req.body));
    res.json({ questions });
  });

  router.post('/api/admin/flows/:id/questions', admin, json, async (req, res) => {
    const id = flowId(req);
    res.status(201).json(await editor.addQuestion(id, parseRequest(questionInputSchema, req.body)));
  });

  router.put('/api/admin/questions/:questionId', admin, json, async (req, res) => {
    const id = questionId(req);
    res.json(await editor.updateQuestion(id, parseRequest(questionInputSchema, req.body)));
  });

  router.delete('/api/admin/questions/:questionId', admin, async (req, res) => {
    const id = questionId(req);
    await editor.deleteQuestion(id);
    res.json({ id, deleted: true });
  });

  return router;
}
