import type { PurchasesSummary, ReadingView } from '@palm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { palmPhotos, readPhoto, submitReading } from './support/palm-photos';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from './support/stripe-stand-in';
import { startTestStack, type TestStack } from './support/test-stack';

const BACKUP_CODES = ['P4YM3NTA', 'Q7RS2TUV', 'W9XY4ZAB'];

let stack: TestStack;
let stripe: StripeStandIn;
let gateway: string;
const readingLog: string[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  stack = await startTestStack({
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_PRICE: '1250',
      PAYMENT_CURRENCY: 'EUR',
      ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      ADMIN_BACKUP_CODES: BACKUP_CODES.join(','),
      READING_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
    onOutput: (name, line) => {
      if (name === 'reading') readingLog.push(line);
    },
  });
  gateway = stack.urls.gateway;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await stripe?.close();
});

async function makeReading(): Promise<{ id: string; cookie: string }> {
  const response = await submitReading(gateway, await readPhoto(palmPhotos()[0]!));
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

const readingOf = async (id: string, cookie: string) =>
  (await (
    await fetch(`${gateway}/api/reading/${id}`, { headers: { Cookie: cookie } })
  ).json()) as ReadingView;

async function checkout(id: string, cookie: string) {
  const response = await fetch(`${gateway}/api/payments/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ readingId: id }),
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return stripe.sessions.find((session) => url.endsWith(session.id))!;
}

/** Through the gateway, as Stripe reaches the product: the signed bytes must arrive untouched. */
const webhook = (payload: string, signature: string) =>
  fetch(`${gateway}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
    body: payload,
  });

async function login(): Promise<string> {
  const response = await fetch(`${gateway}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: BACKUP_CODES.shift() }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

describe('the paid unlock in distributed mode (PostgreSQL, RabbitMQ, the gateway)', () => {
  it('sends a real reading as its preview, unlocks it once from a signed webhook, and re-locks it on refund', async () => {
    const { id, cookie } = await makeReading();
    const preview = await readingOf(id, cookie);
    expect(preview.unlock).toEqual({ amount: 1250, currency: 'eur' });
    const locked = preview.reading!.sections.filter((section) => section.locked);
    expect(locked.length).toBeGreaterThanOrEqual(4);
    for (const section of locked) expect(section).toMatchObject({ content: '', details: '', basis: [] });
    expect((await fetch(`${gateway}/api/reading/${id}/pdf`, { headers: { Cookie: cookie } })).status).toBe(
      402,
    );

    const session = await checkout(id, cookie);
    expect(session).toMatchObject({ clientReferenceId: id, amount: 1250, currency: 'eur' });
    const payload = stripe.completedEvent(session);
    const forged = await webhook(payload, stripe.sign(payload, { secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    expect((await readingOf(id, cookie)).unlock).not.toBeNull();

    expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    const full = await readingOf(id, cookie);
    expect(full.unlock).toBeNull();
    expect(full.reading!.sections.some((section) => section.locked)).toBe(false);
    expect((await fetch(`${gateway}/api/reading/${id}/pdf`, { headers: { Cookie: cookie } })).status).toBe(
      200,
    );

    const unknown = stripe.completedEvent({
      ...session,
      id: 'cs_test_nobody',
      clientReferenceId: 'N'.repeat(22),
    });
    expect((await webhook(unknown, stripe.sign(unknown))).status).toBe(200);
    await expect
      .poll(() => readingLog.find((line) => line.includes('paid checkout for a reading that does not exist')))
      .toContain('N'.repeat(22));

    const sessionId = await login();
    const asOperator = (path: string, method = 'GET') =>
      fetch(`${gateway}${path}`, { method, headers: { authorization: `Bearer ${sessionId}` } });
    const summary = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(summary).toMatchObject({
      enabled: true,
      count: 1,
      refunds: 0,
      revenue: [{ currency: 'eur', amount: 1250 }],
    });
    expect(summary.recent).toEqual([
      expect.objectContaining({ id: session.id, readingId: id, status: 'paid' }),
    ]);

    expect((await asOperator(`/api/admin/payments/${session.id}/refund`, 'POST')).status).toBe(200);
    expect(stripe.refunds).toContainEqual({ paymentIntent: session.paymentIntent });
    expect((await readingOf(id, cookie)).unlock).not.toBeNull();
    const after = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(after).toMatchObject({ count: 1, refunds: 1, revenue: [] });
  });

  it("states the configured price, and re-locks a reading refunded in Stripe's dashboard", async () => {
    expect(await (await fetch(`${gateway}/api/payments/offer`)).json()).toEqual({
      price: { amount: 1250, currency: 'eur' },
    });
    const { id, cookie } = await makeReading();
    const session = await checkout(id, cookie);
    const paid = stripe.completedEvent(session);
    expect((await webhook(paid, stripe.sign(paid))).status).toBe(200);
    expect((await readingOf(id, cookie)).unlock).toBeNull();
    const refunded = stripe.chargeRefundedEvent(session);
    expect((await webhook(refunded, stripe.sign(refunded))).status).toBe(200);
    expect((await readingOf(id, cookie)).unlock).toEqual({ amount: 1250, currency: 'eur' });
  });
});
