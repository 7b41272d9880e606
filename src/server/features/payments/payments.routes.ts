import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentListResponseSchema } from '../../../shared/api/payments.schema.ts';
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  PlansResponseSchema,
  ReturnQuerySchema,
  ReturnResponseSchema,
  WebhookResponseSchema,
} from '../../../shared/api/payments-checkout.schema.ts';
import { requireSignedIn } from '../../access/viewer-level.ts';
import type { AppDeps, AppInput } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { requireVerifiedEmail } from '../auth/auth.plugin.ts';
import { toPayment } from './payment-ledger.service.ts';
import { selectPaymentsOfUser } from './payments.queries.ts';
import { listPlans } from './plan-prices.service.ts';
import { readReturn, startCheckout } from './stripe-checkout.service.ts';
import { createStripeClient, type StripeClient, verifyWebhook } from './stripe-client.ts';
import { applyStripeEvent } from './stripe-webhook.service.ts';

const tags = ['payments'];

/**
 * /api/payments/plans|checkout|return and /api/me/payments: card and wallet purchases through Stripe Checkout and the
 * signed-in user's history (every method). The webhook lives in its own scope below (a raw body).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, dbKind, events, cache, mailer },
) => {
  const stripe = await createStripeClient(config);

  app.get(
    '/payments/plans',
    { schema: { tags, summary: 'List the paid plans and their prices', response: { 200: PlansResponseSchema } } },
    () => listPlans(config),
  );

  app.post(
    '/payments/checkout',
    {
      schema: {
        tags,
        summary: 'Start a card payment (Stripe Checkout)',
        body: CheckoutBodySchema,
        response: { 201: CheckoutResponseSchema },
      },
      onRequest: requireSignedIn,
      preHandler: requireVerifiedEmail,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const result = await startCheckout(db, config, stripe, request.auth!.user.id, request.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/payments/return',
    {
      schema: {
        tags,
        summary: 'The state of a card payment after Checkout returns',
        querystring: ReturnQuerySchema,
        response: { 200: ReturnResponseSchema },
      },
      onRequest: requireSignedIn,
    },
    (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readReturn(db, stripe, request.auth!.user.id, request.query.session_id);
    },
  );

  app.get(
    '/me/payments',
    {
      schema: { tags, summary: 'List my payments', response: { 200: PaymentListResponseSchema } },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const rows = await selectPaymentsOfUser(db, request.auth!.user.id, 200);
      return { items: rows.map(toPayment) };
    },
  );

  // Only the deps: spreading this plugin's options would pass its prefix on and double it.
  await app.register(stripeWebhookRoute, { db, config, dbKind, events, cache, mailer, stripe });
};

/**
 * POST /api/payments/stripe/webhook: Stripe signs the exact bytes it sent, so this scope keeps the JSON body raw (a
 * parser of its own, nowhere else). A bad signature is a 400 with the reason and changes nothing.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod<AppInput & { stripe: StripeClient | null }> = async (
  app,
  { db, config, stripe },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags,
        summary: "Stripe's signed webhook (payment events)",
        hide: false,
        response: { 200: WebhookResponseSchema },
      },
      bodyLimit: 512 * 1024,
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const secret = config.STRIPE_WEBHOOK_SECRET;
      // The answer says what is wrong in our words; the precise cause (the Stripe library's text) goes to the log.
      const refuse = (cause: string) => {
        request.log.warn({ cause }, 'stripe webhook refused');
        return new AppError('STRIPE_SIGNATURE_INVALID');
      };
      if (!stripe || !secret) throw refuse('Stripe is not configured');
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw refuse('no Stripe-Signature header');
      let event: ReturnType<typeof verifyWebhook>;
      try {
        event = verifyWebhook(stripe, request.body, signature, secret);
      } catch (error) {
        throw refuse(error instanceof Error ? error.message : 'invalid');
      }
      return { received: true as const, applied: await applyStripeEvent(db, stripe, event) };
    },
  );
};
