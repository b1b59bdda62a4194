import { randomBytes } from 'node:crypto';
import express from 'express';
import Stripe from 'stripe';
import { listen, type RunningServer } from '@palm/platform';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';

interface StandInSession {
  id: string;
  clientReferenceId: string;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  paymentIntent: string;
  body: Record<string, unknown>;
}

interface CheckoutForm {
  mode?: string;
  client_reference_id?: string;
  success_url?: string;
  cancel_url?: string;
  line_items?: { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
}

export interface StripeStandIn {
  /** STRIPE_API_URL for the service under test. */
  url: string;
  sessions: StandInSession[];
  refunds: { paymentIntent: string }[];
  /** Authorization headers the stand-in saw, to check the secret key went along. */
  authorizations: string[];
  /** Where the stand-in's checkout page delivers its webhook once "paid". */
  webhookUrl?: string;
  /** A checkout.session.completed event for a session, as Stripe would deliver it. */
  completedEvent(session: StandInSession, eventId?: string): string;
  /**
   * A session paid by a delayed method: completed while still unpaid, then its payment's outcome
   * (checkout.session.async_payment_succeeded or _failed).
   */
  delayedPaymentEvents(
    session: StandInSession,
    outcome: 'succeeded' | 'failed',
  ): { completed: string; outcome: string };
  /** charge.refunded for the session's payment, as a refund in Stripe's dashboard sends it. */
  chargeRefundedEvent(session: StandInSession, options?: { partial?: boolean; eventId?: string }): string;
  /** The Stripe-Signature header for `payload`, signed as Stripe does (`timestamp` in seconds). */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for the Stripe endpoints the product uses: Checkout Sessions, refunds, and a
 * checkout page whose "Pay" delivers a signed checkout.session.completed to `webhookUrl` and
 * returns to the session's success_url, as Stripe's hosted page does.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions: StandInSession[] = [];
  const refunds: { paymentIntent: string }[] = [];
  const authorizations: string[] = [];
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  let baseUrl = '';

  app.post('/v1/checkout/sessions', (req, res) => {
    authorizations.push(String(req.headers.authorization));
    const form = req.body as CheckoutForm;
    const item = form.line_items?.[0]?.price_data;
    if (form.mode !== 'payment' || !form.client_reference_id || !form.success_url || !item?.unit_amount) {
      res
        .status(400)
        .json({ error: { type: 'invalid_request_error', message: 'stand-in: incomplete session' } });
      return;
    }
    const session: StandInSession = {
      id: newId('cs_test'),
      clientReferenceId: form.client_reference_id,
      amount: Number(item.unit_amount),
      currency: String(item.currency),
      successUrl: form.success_url,
      cancelUrl: String(form.cancel_url),
      paymentIntent: newId('pi'),
      body: req.body as Record<string, unknown>,
    };
    sessions.push(session);
    res.json({
      id: session.id,
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: session.clientReferenceId,
      amount_total: session.amount,
      currency: session.currency,
      payment_status: 'unpaid',
      url: `${baseUrl}/pay/${session.id}`,
    });
  });

  app.post('/v1/refunds', (req, res) => {
    authorizations.push(String(req.headers.authorization));
    const paymentIntent = String((req.body as { payment_intent?: string }).payment_intent);
    refunds.push({ paymentIntent });
    res.json({ id: newId('re'), object: 'refund', payment_intent: paymentIntent, status: 'succeeded' });
  });

  app.get('/pay/:id', (req, res) => {
    const session = sessions.find((candidate) => candidate.id === req.params.id);
    if (!session) {
      res.status(404).send('No such checkout session');
      return;
    }
    res.type('html').send(`<!doctype html><html lang="en"><head><title>Stand-in checkout</title></head><body>
<h1>Stand-in checkout</h1><p>Pay ${session.amount} ${session.currency}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form></body></html>`);
  });

  app.post('/pay/:id', async (req, res) => {
    const session = sessions.find((candidate) => candidate.id === req.params.id);
    if (!session || !standIn.webhookUrl) {
      res.status(404).send('No such checkout session');
      return;
    }
    const payload = standIn.completedEvent(session);
    await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload) },
      body: payload,
    });
    res.redirect(303, session.successUrl);
  });

  const server: RunningServer = await listen(app, 0, '127.0.0.1');
  baseUrl = server.url;
  const event = (type: string, object: Record<string, unknown>, eventId = newId('evt')) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
  const sessionObject = (session: StandInSession, paymentStatus: 'paid' | 'unpaid') => ({
    id: session.id,
    object: 'checkout.session',
    client_reference_id: session.clientReferenceId,
    amount_total: session.amount,
    currency: session.currency,
    payment_status: paymentStatus,
    payment_intent: session.paymentIntent,
  });
  const standIn: StripeStandIn = {
    url: server.url,
    sessions,
    refunds,
    authorizations,
    completedEvent(session, eventId) {
      return event('checkout.session.completed', sessionObject(session, 'paid'), eventId);
    },
    delayedPaymentEvents(session, outcome) {
      return {
        completed: event('checkout.session.completed', sessionObject(session, 'unpaid')),
        outcome: event(
          `checkout.session.async_payment_${outcome}`,
          sessionObject(session, outcome === 'succeeded' ? 'paid' : 'unpaid'),
        ),
      };
    },
    chargeRefundedEvent(session, { partial = false, eventId } = {}) {
      return event(
        'charge.refunded',
        {
          id: newId('ch'),
          object: 'charge',
          amount: session.amount,
          amount_refunded: partial ? Math.floor(session.amount / 2) : session.amount,
          currency: session.currency,
          payment_intent: session.paymentIntent,
          refunded: !partial,
        },
        eventId,
      );
    },
    sign(payload, options = {}) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
    },
    close: () => server.close(),
  };
  return standIn;
}
