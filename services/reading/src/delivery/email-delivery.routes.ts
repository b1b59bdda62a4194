import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { readingEmailRequestSchema, type ReadingEmailAccepted } from '@palm/contracts';
import { currentRequestId, HttpError, jsonBody, sendProblem, siteOrigin, statusTitle } from '@palm/platform';
import type { OutboxRelay } from '../outbox/outbox-relay';
import type { ReadingRepository } from '../reading.repository';
import { ownedReading } from '../sharing/reading-access';
import type { DeliveryRepository } from './delivery.repository';

const HOUR_MS = 60 * 60 * 1000;

function perClientLimit(perHour: number): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: perHour,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Only accepted requests count: a mistyped address does not use up the visitor's quota.
    skipFailedRequests: true,
    handler: (_req, res) =>
      sendProblem(res, {
        status: 429,
        title: statusTitle(429),
        detail: 'You have asked for many emails in a short time. Please try again in an hour.',
        code: 'rate_limited',
      }),
  });
}

/** POST /api/reading/{id}/email: records the delivery and queues it; the bus worker sends it. */
export function createEmailDeliveryRouter(deps: {
  repository: ReadingRepository;
  deliveries: DeliveryRepository;
  relay: OutboxRelay;
  publicUrl: string | undefined;
  emailAvailable: boolean;
  perReadingPerHour: number;
  perClientPerHour: number;
}): Router {
  const { repository, deliveries, relay } = deps;
  const router = Router();

  router.post(
    '/api/reading/:id/email',
    perClientLimit(deps.perClientPerHour),
    jsonBody('2kb'),
    async (req, res) => {
      if (!deps.emailAvailable) {
        throw new HttpError(404, 'Sending readings by email is not offered here.', {
          code: 'email_unavailable',
        });
      }
      // The email carries the owner's whole reading, answers and all.
      const reading = await ownedReading(repository, req, 'email it');
      if (reading.status !== 'completed') {
        throw new HttpError(409, 'This reading is not ready yet. Please wait until it is complete.', {
          code: 'reading_not_ready',
        });
      }
      const { email } = readingEmailRequestSchema.parse(req.body ?? {});
      if (
        (await deliveries.countSince(reading.id, new Date(Date.now() - HOUR_MS))) >= deps.perReadingPerHour
      ) {
        throw new HttpError(
          429,
          'This reading has been emailed several times in the last hour. Please try again later.',
          {
            code: 'rate_limited',
            headers: { 'Retry-After': String(HOUR_MS / 1000) },
          },
        );
      }
      const deliveryId = randomUUID();
      await deliveries.insertWithEvent(
        // The link in the mail points where the visitor asked from, when PUBLIC_URL does not say.
        { id: deliveryId, readingId: reading.id, email, linkOrigin: siteOrigin(req, deps.publicUrl) },
        {
          payload: { version: 1, deliveryId, readingId: reading.id, requestedAt: new Date().toISOString() },
          requestId: currentRequestId(),
        },
      );
      relay.kick();
      const accepted: ReadingEmailAccepted = { deliveryId, status: 'queued' };
      res.status(202).json(accepted);
    },
  );

  return router;
}
