import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingMail } from '../src/delivery/reading-mailer';
import { loadConfig } from '@palm/platform';
import { readingModule } from '../src/reading.module';
import { paymentOptions } from '../src/payments/payments.config';
import type { PurchasesSummary, ReadingResult, ReadingView } from '@palm/contracts';
import { samplePalmJpeg } from '../../../tests/support/sample-report';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../../../tests/support/stripe-stand-in';
import { postReading, startReadingHarness, type ReadingHarness } from './reading-test-harness';

/** Words that appear only in the parts the free preview must not send. */
const LOCKED = [
  'CAREER-SECRET',
  'CAREER-DETAIL',
  'HEALTH-SECRET',
  'TIMELINE-SECRET',
  'SECOND-INSIGHT',
  'SHARED-SECRET',
];

const section = (area: string, title: string, words: string) => ({
  area,
  title,
  subtitle: `${title} subtitle`,
  insights: [`${title} first insight.`, `${title} SECOND-INSIGHT.`],
  content: `${title} ${words} content.`,
  details: `${title} ${words === 'free' ? 'free' : 'CAREER-DETAIL'} details.`,
  basis: ['Heart line: long'],
});

const PAID_RESULT: ReadingResult = {
  themes: [{ title: 'A steady hand', text: 'Themes text, free.', features: ['your long thumb'] }],
  sections: [
    {
      ...section('love', 'Love', 'free'),
      insights: ['Love first insight.', 'Love second insight, free.'],
    },
    section('career', 'Career', 'CAREER-SECRET'),
    section('health', 'Health', 'HEALTH-SECRET'),
    { ...section('timeline', 'Timeline', 'TIMELINE-SECRET'), insights: ['TIMELINE-SECRET phase.'] },
  ],
  shared: {
    sections: [
      { ...section('love', 'Love', 'free'), insights: ['Love first insight.', 'Love second insight, free.'] },
      section('career', 'Career', 'SHARED-SECRET'),
    ],
    visual_markers: [],
  },
  visual_markers: [
    {
      id: 'm1',
      label: 'Heart line',
      description: 'Heart line',
      style: 'line',
      coordinates: { x: 40, y: 30 },
      explains: ['Love free content.', 'Career CAREER-SECRET content.'],
    },
  ],
};

const OPERATOR_TOKEN = 'operator-session-token-0123456789';

let palm: Buffer;
let stripe: StripeStandIn;

beforeAll(async () => {
  palm = await samplePalmJpeg();
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

async function makeReading(harness: ReadingHarness, fields: Record<string, string> = {}) {
  const { id, cookie } = await postReading(harness.url, palm, { fields });
  return { id, cookie };
}

describe('paid unlock with Stripe settings', () => {
  let harness: ReadingHarness;
  const mails: ReadingMail[] = [];
  beforeAll(async () => {
    harness = await startReadingHarness({
      result: PAID_RESULT,
      email: {
        mailer: { send: (mail) => Promise.resolve(void mails.push(mail)), close: () => undefined },
        perReadingPerHour: 10,
        perClientPerHour: 10,
      },
      payments: {
        secretKey: STAND_IN_SECRET_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiUrl: stripe.url,
        price: 999,
        currency: 'usd',
      },
      sessions: { verify: (token) => Promise.resolve(token === OPERATOR_TOKEN) },
    });
  });
  afterAll(() => harness.close());

  const get = (path: string, cookie?: string) =>
    fetch(`${harness.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const webhook = (payload: string, signature: string) =>
    fetch(`${harness.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
  const asOperator = (path: string, method = 'GET') =>
    fetch(`${harness.url}${path}`, { method, headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } });
  const readingOf = async (id: string, cookie?: string) =>
    (await (await get(`/api/reading/${id}`, cookie)).json()) as ReadingView;
  async function checkout(id: string, cookie: string) {
    const response = await fetch(`${harness.url}/api/payments/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ readingId: id }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const session = stripe.sessions.find((candidate) => url.endsWith(candidate.id));
    if (!session) throw new Error('the stand-in saw no such session');
    return session;
  }

  it("keeps the visitor's first chosen focus area whole, and not one a default filled in", async () => {
    const chosen = await makeReading(harness, { focusAreas: '["career","love"]', given: '["focusAreas"]' });
    const [love, career] = (await readingOf(chosen.id, chosen.cookie)).reading!.sections;
    expect(career!.locked).toBeUndefined();
    expect(career!.content).toBe('Career CAREER-SECRET content.');
    expect(love!.locked).toBe(true);

    const defaulted = await makeReading(harness, { focusAreas: '["career","love"]', given: '[]' });
    const [firstArea, careerCut] = (await readingOf(defaulted.id, defaulted.cookie)).reading!.sections;
    expect(firstArea!.locked).toBeUndefined();
    expect(careerCut!.locked).toBe(true);
  });

  it('sends only the preview before payment: the first focus area whole, the others cut, nothing locked anywhere', async () => {
    const { id, cookie } = await makeReading(harness);
    const view = await readingOf(id, cookie);
    expect(view.unlock).toEqual({ amount: 999, currency: 'usd' });
    expect(view.reading!.themes).toEqual(PAID_RESULT.themes);
    const [love, career, health, timeline] = view.reading!.sections;
    expect(love).toMatchObject({
      content: 'Love free content.',
      insights: PAID_RESULT.sections[0]!.insights,
    });
    expect(love!.locked).toBeUndefined();
    expect(career).toMatchObject({
      title: 'Career',
      insights: ['Career first insight.'],
      content: '',
      locked: true,
    });
    expect(health).toMatchObject({ insights: ['Health first insight.'], details: '', basis: [] });
    expect(timeline).toMatchObject({ title: 'Timeline', insights: [], content: '', locked: true });
    expect(view.reading!.visual_markers[0]!.explains).toEqual(['Love free content.']);

    const pdf = await get(`/api/reading/${id}/pdf`, cookie);
    expect(pdf.status).toBe(402);
    expect(((await pdf.json()) as { detail: string }).detail).toMatch(/unlock it on the report page/);
    for (const path of ['', '/page', '/sharing']) {
      const body = await (await get(`/api/reading/${id}${path}`, cookie)).text();
      for (const word of LOCKED) expect(body, `${path} leaks ${word}`).not.toContain(word);
    }

    const asked = await fetch(`${harness.url}/api/reading/${id}/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ email: 'visitor@example.com' }),
    });
    expect(asked.status).toBe(202);
    await expect.poll(() => mails.length, { timeout: 30_000 }).toBe(1);
    expect(mails[0]!.attachments).toEqual([]);
    expect(mails[0]!.text).toContain('This is the free preview: unlock the full reading and its PDF');
    for (const word of LOCKED) expect(mails[0]!.text + mails[0]!.html).not.toContain(word);
  });

  it("cuts the palm-only version a shared link shows as it cuts the owner's", async () => {
    const { id, cookie } = await makeReading(harness);
    const shared = await fetch(`${harness.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true }),
    });
    expect(shared.status).toBe(200);
    const strangers = await readingOf(id);
    expect(strangers.reading!.themes).toBeUndefined();
    expect(strangers.reading!.sections.find((s) => s.area === 'career')).toMatchObject({ locked: true });
    for (const path of ['', '/page']) {
      const body = await (await get(`/api/reading/${id}${path}`)).text();
      for (const word of LOCKED) expect(body, `${path} leaks ${word}`).not.toContain(word);
    }
  });

  it('opens a Checkout Session for the configured price with the reading as reference and unlocks on the signed webhook', async () => {
    const { id, cookie } = await makeReading(harness);
    const session = await checkout(id, cookie);
    expect(session).toMatchObject({ clientReferenceId: id, amount: 999, currency: 'usd' });
    expect(session.body).toMatchObject({ mode: 'payment' });
    // Without PUBLIC_URL the visitor comes back to the origin they came from.
    expect(session.successUrl).toBe(`${harness.url}/report/${id}?checkout=complete`);
    expect(stripe.authorizations.at(-1)).toBe(`Bearer ${STAND_IN_SECRET_KEY}`);

    const payload = stripe.completedEvent(session);
    expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    const view = await readingOf(id, cookie);
    expect(view.unlock).toBeNull();
    const { shared: _palmOnly, ...owners } = PAID_RESULT;
    expect(view.reading).toEqual(owners);
    const pdf = await get(`/api/reading/${id}/pdf`, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses a forged or replayed webhook and changes nothing', async () => {
    const { id, cookie } = await makeReading(harness);
    const payload = stripe.completedEvent(await checkout(id, cookie));
    const forged = await webhook(payload, stripe.sign(payload, { secret: 'whsec_not_ours' }));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { detail: string }).detail).toBe(
      'The webhook signature could not be verified.',
    );
    const altered = await webhook(payload.replace(id, 'A'.repeat(22)), stripe.sign(payload));
    expect(altered.status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await webhook(payload, stripe.sign(payload, { timestamp: stale }))).status).toBe(400);
    expect((await webhook(payload, '')).status).toBe(400);
    expect((await readingOf(id, cookie)).unlock).not.toBeNull();
    const purchases = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(purchases.recent.some((purchase) => purchase.readingId === id)).toBe(false);
  });

  it('unlocks once for the same event delivered twice, and acknowledges an unknown reading', async () => {
    const before = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    const { id, cookie } = await makeReading(harness);
    const payload = stripe.completedEvent(await checkout(id, cookie));
    expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    const unknown = stripe.completedEvent({
      ...stripe.sessions.at(-1)!,
      id: 'cs_test_unknown',
      clientReferenceId: 'Z'.repeat(22),
    });
    expect((await webhook(unknown, stripe.sign(unknown))).status).toBe(200);
    const after = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(after.count).toBe(before.count + 1);
    expect(after.recent.filter((purchase) => purchase.readingId === id)).toHaveLength(1);
    expect(after.recent.some((purchase) => purchase.readingId === 'Z'.repeat(22))).toBe(false);
  });

  it('shows operators their purchases behind the session, and a refund re-locks the reading', async () => {
    expect((await get('/api/admin/payments')).status).toBe(401);
    const { id, cookie } = await makeReading(harness);
    const session = await checkout(id, cookie);
    const payload = stripe.completedEvent(session);
    await webhook(payload, stripe.sign(payload));
    const summary = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(summary.enabled).toBe(true);
    expect(summary.recent[0]).toMatchObject({ id: session.id, readingId: id, amount: 999, status: 'paid' });
    expect(summary.revenue).toEqual([{ currency: 'usd', amount: 999 * summary.count }]);

    expect(
      (await fetch(`${harness.url}/api/admin/payments/${session.id}/refund`, { method: 'POST' })).status,
    ).toBe(401);
    const refund = await asOperator(`/api/admin/payments/${session.id}/refund`, 'POST');
    expect(refund.status).toBe(200);
    expect(await refund.json()).toMatchObject({ status: 'refunded', readingId: id });
    expect(stripe.refunds.at(-1)).toEqual({ paymentIntent: session.paymentIntent });
    expect((await readingOf(id, cookie)).unlock).not.toBeNull();
    expect((await get(`/api/reading/${id}/pdf`, cookie)).status).toBe(402);
    const again = await asOperator(`/api/admin/payments/${session.id}/refund`, 'POST');
    expect(again.status).toBe(409);
    // Stripe then reports the operator's refund as charge.refunded: already done, counted once.
    const reported = stripe.chargeRefundedEvent(session);
    expect((await webhook(reported, stripe.sign(reported))).status).toBe(200);
    const after = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(after.refunds).toBe(1);
  });

  it('unlocks a delayed payment once it clears, and not when it fails', async () => {
    const paying = await makeReading(harness);
    const cleared = stripe.delayedPaymentEvents(await checkout(paying.id, paying.cookie), 'succeeded');
    expect((await webhook(cleared.completed, stripe.sign(cleared.completed))).status).toBe(200);
    expect((await readingOf(paying.id, paying.cookie)).unlock).not.toBeNull();
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await webhook(cleared.outcome, stripe.sign(cleared.outcome))).status).toBe(200);
    }
    expect((await readingOf(paying.id, paying.cookie)).unlock).toBeNull();

    const failing = await makeReading(harness);
    const failed = stripe.delayedPaymentEvents(await checkout(failing.id, failing.cookie), 'failed');
    for (const payload of [failed.completed, failed.outcome, failed.outcome]) {
      expect((await webhook(payload, stripe.sign(payload))).status).toBe(200);
    }
    expect((await readingOf(failing.id, failing.cookie)).unlock).toEqual({ amount: 999, currency: 'usd' });
    const summary = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(summary.recent.filter((purchase) => purchase.readingId === paying.id)).toHaveLength(1);
    expect(summary.recent.some((purchase) => purchase.readingId === failing.id)).toBe(false);
  });

  it("re-locks a reading refunded in Stripe's dashboard, found by its payment, once; a partial refund keeps it", async () => {
    const { id, cookie } = await makeReading(harness);
    const session = await checkout(id, cookie);
    const paid = stripe.completedEvent(session);
    await webhook(paid, stripe.sign(paid));
    const before = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;

    const partial = stripe.chargeRefundedEvent(session, { partial: true });
    expect((await webhook(partial, stripe.sign(partial))).status).toBe(200);
    expect((await readingOf(id, cookie)).unlock).toBeNull();

    const refunded = stripe.chargeRefundedEvent(session);
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await webhook(refunded, stripe.sign(refunded))).status).toBe(200);
    }
    expect((await readingOf(id, cookie)).unlock).toEqual({ amount: 999, currency: 'usd' });
    expect((await get(`/api/reading/${id}/pdf`, cookie)).status).toBe(402);
    const after = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.recent.find((purchase) => purchase.id === session.id)).toMatchObject({
      status: 'refunded',
    });
    // Nothing was refunded through the API: the refund happened at Stripe.
    expect(stripe.refunds.some((refund) => refund.paymentIntent === session.paymentIntent)).toBe(false);

    // Paid again: the first refund's event, delivered late, leaves the new purchase standing.
    const again = await checkout(id, cookie);
    const repaid = stripe.completedEvent(again);
    await webhook(repaid, stripe.sign(repaid));
    expect((await webhook(refunded, stripe.sign(refunded))).status).toBe(200);
    expect((await readingOf(id, cookie)).unlock).toBeNull();

    // A refund of a payment this site never recorded is acknowledged and changes nothing.
    const stranger = stripe.chargeRefundedEvent({ ...again, paymentIntent: 'pi_not_ours' });
    expect((await webhook(stranger, stripe.sign(stranger))).status).toBe(200);
    expect((await readingOf(id, cookie)).unlock).toBeNull();
    const last = (await (await asOperator('/api/admin/payments')).json()) as PurchasesSummary;
    expect(last.refunds).toBe(after.refunds);
  });

  it('states the configured price for pages that show it before any reading exists', async () => {
    const offer = await get('/api/payments/offer');
    expect(offer.status).toBe(200);
    expect(await offer.json()).toEqual({ price: { amount: 999, currency: 'usd' } });
  });
});

describe('without Stripe settings', () => {
  let harness: ReadingHarness;
  beforeAll(async () => {
    harness = await startReadingHarness({ result: PAID_RESULT });
  });
  afterAll(() => harness.close());

  it('shows the whole reading and its PDF, and offers no unlock', async () => {
    const { id, cookie } = await makeReading(harness);
    const view = (await (
      await fetch(`${harness.url}/api/reading/${id}`, { headers: { Cookie: cookie } })
    ).json()) as ReadingView;
    expect(view.unlock).toBeNull();
    const { shared: _palmOnly, ...owners } = PAID_RESULT;
    expect(view.reading).toEqual(owners);
    const pdf = await fetch(`${harness.url}/api/reading/${id}/pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    const checkout = await fetch(`${harness.url}/api/payments/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ readingId: id }),
    });
    expect(checkout.status).toBe(404);
    expect(stripe.sessions.filter((session) => session.clientReferenceId === id)).toHaveLength(0);
    const offer = await fetch(`${harness.url}/api/payments/offer`);
    expect(await offer.json()).toEqual({ price: null });
  });
});

describe('when Stripe cannot be reached', () => {
  it('answers 502 with a sentence and records nothing', async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const harness = await startReadingHarness({
      result: PAID_RESULT,
      payments: {
        secretKey: STAND_IN_SECRET_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiUrl: gone.url,
        price: 999,
        currency: 'usd',
      },
    });
    try {
      const { id, cookie } = await makeReading(harness);
      const response = await fetch(`${harness.url}/api/payments/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ readingId: id }),
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { detail: string }).detail).toBe(
        'The payment service did not answer as expected. Please try again in a moment.',
      );
      expect(await harness.db('reading_purchases').count<{ count: number }[]>({ count: '*' })).toEqual([
        { count: 0 },
      ]);
    } finally {
      await harness.close();
    }
  });
});

describe('payment settings', () => {
  it('are off without a key, and stop start-up naming the webhook secret when only the key is set', () => {
    expect(paymentOptions(loadConfig(readingModule.configSchema, {}))).toBeUndefined();
    expect(() => loadConfig(readingModule.configSchema, { STRIPE_SECRET_KEY: 'sk_test_planted' })).toThrow(
      /^Invalid configuration:\n {2}STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set$/,
    );
    expect(
      paymentOptions(
        loadConfig(readingModule.configSchema, {
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          PAYMENT_CURRENCY: 'EUR',
        }),
      ),
    ).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
      price: 999,
      currency: 'eur',
    });
  });
});
