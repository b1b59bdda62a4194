import { Router } from 'express';
import type { ReadingPolicy } from '@palm/contracts';

/** GET /api/reading-policy: the periods and choices the policy pages state, as configured here. */
export function createReadingPolicyRouter(policy: ReadingPolicy): Router {
  const router = Router();
  router.get('/api/reading-policy', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(policy);
  });
  return router;
}
