import express, { Router, type Request } from 'express';
import Stripe from 'stripe';
import {
  checkoutRequestSchema,
  type CheckoutStarted,
  type PaymentOffer,
  type PurchasesSummary,
} from '@palm/contracts';
import {
  badRequest,
  HttpError,
  jsonBody,
  notFound,
  requireAdmin,
  siteOrigin,
  type Logger,
  type SessionVerifier,
} from '@palm/platform';
import type { ReadingRepository } from '../reading.repository';
import { reportLink } from '../report/report-artifacts';
import { canSee, READING_NOT_FOUND } from '../sharing/reading-access';
import type { PaymentOptions } from './payments.config';
import type { PaymentsRepository } from './payments.repository';

const UNLOCK_PRODUCT_NAME = 'Full palm reading';
/** The operator's card lists this many of the latest purchases. */
const RECENT_PURCHASES = 50;

export interface PaymentsRoutesDeps {
  readings: ReadingRepository;
  purchases: PaymentsRepository;
  sessions: SessionVerifier;
  logger: Logger;
  /** Unset: Checkout returns the visitor to the origin their request came to. */
  publicUrl: string | undefined;
  /** Absent when payments are off: nothing is sold, and the webhook and checkout answer 404. */
  stripe?: { client: Stripe; options: PaymentOptions };
}

const paymentsOff = () =>
  new HttpError(404, 'Payments are not enabled on this site: every reading is shown in full.', {
    code: 'payments_disabled',
  });

export function createPaymentsRouter(deps: PaymentsRoutesDeps): Router {
  const { readings, purchases, logger } = deps;
  const router = Router();
  const admin = requireAdmin(deps.sessions);

  /**
   * A call to Stripe. Its failures (unreachable, refused, rate-limited) answer 502 with a sentence;
   * the log keeps Stripe's own message.
   */
  async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.warn({ err: error }, 'the Stripe API call failed');
      throw new HttpError(
        502,
        'The payment service did not answer as expected. Please try again in a moment.',
        {
          code: 'payment_provider_error',
        },
      );
    }
  }

  router.get('/api/payments/offer', (_req, res) => {
    const options = deps.stripe?.options;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({
      price: options ? { amount: options.price, currency: options.currency } : null,
    } satisfies PaymentOffer);
  });

  router.post('/api/payments/checkout', jsonBody('1kb'), async (req, res) => {
    if (!deps.stripe) throw paymentsOff();
    const parsed = checkoutRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest('Please name the reading to unlock.');
    const reading = await readings.find(parsed.data.readingId, { withText: false });
    if (!reading || !canSee(reading, req.headers.cookie)) throw notFound(READING_NOT_FOUND);
    if (reading.status !== 'completed') {
      throw new HttpError(409, 'This reading is not ready yet. Please wait until it is complete.', {
        code: 'reading_not_ready',
      });
    }
    if (!reading.locked) {
      throw new HttpError(409, 'This reading is already unlocked.', { code: 'already_unlocked' });
    }
    const { client, options } = deps.stripe;
    // The same report link as the PDF and the email give (a PUBLIC_URL with a path keeps it).
    const back = reportLink(siteOrigin(req, deps.publicUrl), reading.id);
    const session = await stripeCall(() =>
      client.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: reading.id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: options.currency,
              unit_amount: options.price,
              product_data: { name: UNLOCK_PRODUCT_NAME },
            },
          },
        ],
        success_url: `${back}?checkout=complete`,
        cancel_url: back,
      }),
    );
    if (!session.url) throw new HttpError(502, 'The payment page could not be opened. Please try again.');
    logger.info({ readingId: reading.id, checkoutSession: session.id }, 'checkout started');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ url: session.url } satisfies CheckoutStarted);
  });

  // Stripe signs the exact bytes it sent, so this route reads its body raw, never as parsed JSON.
  router.post(
    '/api/payments/webhook',
    express.raw({ type: () => true, limit: '256kb' }),
    async (req: Request, res) => {
      if (!deps.stripe) throw paymentsOff();
      await handleEvent(verifiedEvent(deps.stripe, req, logger), deps.stripe.options);
      res.json({ received: true });
    },
  );

  /**
   * What each Stripe event does; every one is recorded by its id, so a redelivery changes nothing.
   * A Checkout paid by a delayed method (a bank debit) completes unpaid and unlocks when
   * async_payment_succeeded follows; a refund made in Stripe's dashboard re-locks as the
   * operator's does here. Other event types are acknowledged and ignored.
   */
  async function handleEvent(event: Stripe.Event, options: PaymentOptions): Promise<void> {
    const logged = { event: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const readingId = session.client_reference_id;
        const log = { ...logged, readingId, checkoutSession: session.id };
        if (session.payment_status !== 'paid' || !readingId) {
          // A delayed payment is still on its way: its own event unlocks once it clears.
          logger.info(log, 'checkout completed without payment yet, or without a reading');
          return;
        }
        const outcome = await purchases.recordCheckout(event, {
          sessionId: session.id,
          readingId,
          amount: session.amount_total ?? options.price,
          currency: session.currency ?? options.currency,
          paymentIntent: idOf(session.payment_intent),
        });
        if (outcome === 'unknown-reading')
          logger.warn(log, 'paid checkout for a reading that does not exist');
        else logger.info(log, outcome === 'unlocked' ? 'reading unlocked' : 'payment event already handled');
        return;
      }
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const outcome = await purchases.recordEvent(event);
        if (outcome === 'recorded') {
          logger.warn(
            { ...logged, readingId: session.client_reference_id, checkoutSession: session.id },
            'delayed payment failed; the reading stays a preview',
          );
        }
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntent = idOf(charge.payment_intent);
        // A partial refund (policy: part of a reading failed) leaves the purchase standing.
        if (!charge.refunded || !paymentIntent) {
          logger.info({ ...logged, charge: charge.id }, 'partial refund: the reading stays unlocked');
          return;
        }
        const outcome = await purchases.recordRefund(event, paymentIntent);
        const log = { ...logged, paymentIntent };
        if (outcome === 'unknown-payment') logger.warn(log, 'refund for a payment with no purchase here');
        else if (outcome === 'relocked') logger.info(log, 'payment refunded at Stripe; reading locked');
        else logger.info(log, 'refund already handled');
        return;
      }
      default:
        return;
    }
  }

  router.get('/api/admin/payments', admin, async (_req, res) => {
    const summary: PurchasesSummary = {
      enabled: Boolean(deps.stripe),
      ...(await purchases.summary(RECENT_PURCHASES)),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(summary);
  });

  router.post('/api/admin/payments/:id/refund', admin, async (req, res) => {
    if (!deps.stripe) throw paymentsOff();
    const found = await purchases.find(String(req.params.id));
    if (!found) throw notFound('There is no purchase with this id.');
    const { purchase, paymentIntent } = found;
    if (purchase.status !== 'paid') {
      throw new HttpError(409, 'This purchase has already been refunded.', { code: 'already_refunded' });
    }
    if (!paymentIntent) {
      throw new HttpError(409, 'This purchase has no payment to refund; refund it in the Stripe dashboard.');
    }
    const { client } = deps.stripe;
    // The key makes a second click, or a second operator, refund the payment once at Stripe.
    await stripeCall(() =>
      client.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${purchase.id}` }),
    );
    await purchases.markRefunded(purchase.id);
    logger.info(
      { checkoutSession: purchase.id, readingId: purchase.readingId },
      'purchase refunded; reading locked',
    );
    res.json((await purchases.find(purchase.id))?.purchase);
  });

  return router;
}

const idOf = (ref: string | { id: string } | null): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

/** The event as Stripe signed it; a forged, altered or stale (replayed) delivery is refused. */
function verifiedEvent(
  stripe: NonNullable<PaymentsRoutesDeps['stripe']>,
  req: Request,
  logger: Logger,
): Stripe.Event {
  const signature = req.headers['stripe-signature'];
  if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
    throw badRequest('This webhook call carries no Stripe signature.');
  }
  try {
    return stripe.client.webhooks.constructEvent(req.body, signature, stripe.options.webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, 'webhook refused: its signature did not verify');
    throw badRequest('The webhook signature could not be verified.');
  }
}
