import Stripe from 'stripe';
import { type FakeRequest, type FakeResponse, type FakeServer, startFakeServer } from './fake-server.ts';

// A local stand-in for Stripe's API and hosted Checkout (tests and the browser test; no real network call): it answers
// checkout.sessions.create / retrieve, paymentIntents.retrieve and refunds.create in Stripe's shapes, serves a Checkout
// page whose Pay button marks the session paid, posts the signed checkout.session.completed webhook to the app, and
// redirects to the session's success_url, as Stripe does. Like a real account it has a set of activated payment
// methods: a session asking for another is refused with Stripe's error.

export const FAKE_STRIPE_KEY = 'sk_test_fake_heatrank';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_heatrank_signing_secret';

type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  allowed_payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
};

export const STRIPE_ACCOUNT_METHODS = ['card', 'alipay', 'wechat_pay'] as const;
export type FakeStripeOptions = { activeMethods?: readonly string[] };

export type FakeStripe = FakeServer & {
  /** Where the Pay button posts the signed webhook (the app's /api/payments/stripe/webhook). */
  setWebhookUrl: (url: string) => void;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** A signed event ready to post: body and headers (stripe.webhooks.generateTestHeaderString). */
  signed: (event: object, secret?: string) => { payload: string; headers: Record<string, string> };
  completedEvent: (sessionId: string, eventId?: string) => object;
  refundedEvent: (sessionId: string, eventId?: string) => object;
  event: (type: string, object: object, eventId?: string) => object;
};

let counter = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(counter++).toString(36)}`;

function intentOf(session: FakeSession, serverUrl: string, expand: boolean) {
  const chargeId = `ch_${session.payment_intent.slice(3)}`;
  return {
    id: session.payment_intent,
    object: 'payment_intent',
    amount: session.amount_total,
    currency: session.currency,
    status: session.payment_status === 'paid' ? 'succeeded' : 'requires_payment_method',
    metadata: session.metadata,
    latest_charge: expand
      ? { id: chargeId, object: 'charge', paid: true, receipt_url: `${serverUrl}/receipts/${chargeId}` }
      : chargeId,
  };
}

const stripeError = (status: number, message: string): FakeResponse => ({
  status,
  body: { error: { type: 'invalid_request_error', message } },
});

/** Starts the stand-in; `activeMethods`: the account's activated methods (default card, Alipay and WeChat Pay). */
export async function startFakeStripe({
  activeMethods = STRIPE_ACCOUNT_METHODS,
}: FakeStripeOptions = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe['refunds'] = [];
  let webhookUrl = '';
  let serverUrl = '';

  const event = (type: string, object: object, eventId = nextId('evt')) => ({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signed = (body: object, secret = FAKE_WEBHOOK_SECRET) => {
    const payload = JSON.stringify(body);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  };
  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  };
  const completedEvent = (sessionId: string, eventId?: string) => {
    const session = sessionOf(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    return event('checkout.session.completed', { ...session }, eventId);
  };
  const refundedEvent = (sessionId: string, eventId?: string) => {
    const session = sessionOf(sessionId);
    const charge = intentOf(session, serverUrl, true).latest_charge as object;
    // No metadata on the charge: the app finds the payment through the payment intent, as with real Stripe.
    return event(
      'charge.refunded',
      { ...charge, amount: session.amount_total, refunded: true, payment_intent: session.payment_intent, metadata: {} },
      eventId,
    );
  };

  const route = async (request: FakeRequest): Promise<FakeResponse> => {
    const form = new URLSearchParams(request.body);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    const payPath = /^\/pay\/([^/]+)$/.exec(request.path);
    if (!request.path.startsWith('/pay/') && !request.path.startsWith('/receipts/')) {
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return stripeError(401, 'Invalid API Key');
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const asked = form.getAll('allowed_payment_method_types[0]');
      const inactive = asked.find((method) => !activeMethods.includes(method));
      if (inactive) {
        return stripeError(
          400,
          `The payment method type "${inactive}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
        );
      }
      const id = nextId('cs');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'cny',
        client_reference_id: form.get('client_reference_id'),
        metadata,
        payment_intent: nextId('pi'),
        allowed_payment_method_types: asked,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `${serverUrl}/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(id, session);
      return { body: session };
    }
    if (request.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) return stripeError(404, `No such checkout.session: '${sessionPath[1]}'`);
      const expand = request.query.getAll('expand[]').concat(request.query.getAll('expand[0]'));
      const expanded = expand.some((path) => path.startsWith('payment_intent'));
      return {
        body: { ...session, payment_intent: expanded ? intentOf(session, serverUrl, true) : session.payment_intent },
      };
    }
    if (request.method === 'GET' && intentPath) {
      const session = [...sessions.values()].find((s) => s.payment_intent === intentPath[1]);
      if (!session) return stripeError(404, `No such payment_intent: '${intentPath[1]}'`);
      return { body: intentOf(session, serverUrl, false) };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const intent = form.get('payment_intent') ?? '';
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (session?.payment_status !== 'paid') return stripeError(400, 'This PaymentIntent has no charge to refund.');
      const refund = { id: nextId('re'), payment_intent: intent, amount: session.amount_total };
      refunds.push(refund);
      return { body: { ...refund, object: 'refund', currency: session.currency, status: 'succeeded' } };
    }
    if (request.method === 'GET' && payPath) {
      const session = sessions.get(payPath[1]!);
      if (!session) return { status: 404, raw: 'no such session', headers: { 'content-type': 'text/plain' } };
      const yuan = (session.amount_total / 100).toFixed(2);
      return {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        raw: `<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body style="font-family:sans-serif;max-width:420px;margin:60px auto">
<h1>Fake Stripe Checkout</h1><p data-testid="fake-amount">${session.currency.toUpperCase()} ${yuan}</p>
<p data-testid="fake-methods">${session.allowed_payment_method_types.join(', ')}</p>
<form method="post" action="/pay/${session.id}"><button type="submit" style="font-size:18px;padding:8px 24px">Pay</button></form>
<p><a href="${session.cancel_url}">Cancel</a></p></body></html>`,
      };
    }
    if (request.method === 'POST' && payPath) {
      const session = sessions.get(payPath[1]!);
      if (!session) return { status: 404, raw: 'no such session' };
      const { payload, headers } = signed(completedEvent(session.id));
      const delivered = await fetch(webhookUrl, { method: 'POST', headers, body: payload });
      if (!delivered.ok) return { status: 502, raw: `webhook refused: ${await delivered.text()}` };
      return {
        status: 303,
        headers: { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) },
        raw: '',
      };
    }
    if (request.path.startsWith('/receipts/')) {
      return { headers: { 'content-type': 'text/html' }, raw: '<!doctype html><h1>Fake Stripe receipt</h1>' };
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`);
  };

  const server = await startFakeServer(route);
  serverUrl = server.url;
  return {
    ...server,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    sessions,
    refunds,
    signed,
    completedEvent,
    refundedEvent,
    event,
  };
}

/** The app's Stripe settings for a fake started with startFakeStripe. */
export function fakeStripeEnv(fake: FakeServer): Record<string, string> {
  const url = new URL(fake.url);
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_HOST: url.hostname,
    STRIPE_API_PORT: url.port,
    STRIPE_API_PROTOCOL: 'http',
  };
}
