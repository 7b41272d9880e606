import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateCryptoPaymentBodySchema,
  CryptoOptionsResponseSchema,
  CryptoPaymentParamsSchema,
  CryptoPaymentSchema,
  SubmitCryptoHashBodySchema,
} from '../../../shared/api/crypto-payments.schema.ts';
import { requireSignedIn } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireVerifiedEmail } from '../auth/auth.plugin.ts';
import { createCryptoPayment, getCryptoPayment, submitCryptoHash } from './crypto-payments.service.ts';
import { cryptoSettingsOf, toCryptoOptions } from './crypto-settings.ts';

const tags = ['payments'];

/** /api/payments/crypto/*: the options (public), a purchase, its transaction hash and its state (own payments only). */
export const cryptoPaymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const settings = cryptoSettingsOf(config);
  const userOf = (req: { auth: { user: { id: string } } | null }) => req.auth!.user.id;

  app.get(
    '/options',
    {
      schema: {
        tags,
        summary: 'The crypto payment options: chain, tokens, prices',
        response: { 200: CryptoOptionsResponseSchema },
      },
    },
    () => toCryptoOptions(settings),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Start a crypto payment (USDT or USDC)',
        body: CreateCryptoPaymentBodySchema,
        response: { 201: CryptoPaymentSchema },
      },
      onRequest: requireSignedIn,
      preHandler: requireVerifiedEmail,
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reply.code(201).send(await createCryptoPayment(db, settings, userOf(req), req.body));
    },
  );

  // 200 when the payment succeeded, 202 while it waits for confirmations; a refusal is a 4xx with its code.
  app.post(
    '/:id/submit',
    {
      schema: {
        tags,
        summary: "Submit a crypto payment's transaction hash for the on-chain check",
        params: CryptoPaymentParamsSchema,
        body: SubmitCryptoHashBodySchema,
        response: { 200: CryptoPaymentSchema, 202: CryptoPaymentSchema },
      },
      onRequest: requireSignedIn,
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const payment = await submitCryptoHash(db, settings, userOf(req), req.params.id, req.body.txHash);
      return reply.code(payment.state === 'success' ? 200 : 202).send(payment);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: "Get a crypto payment's state",
        params: CryptoPaymentParamsSchema,
        response: { 200: CryptoPaymentSchema },
      },
      onRequest: requireSignedIn,
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getCryptoPayment(db, settings, userOf(req), req.params.id);
    },
  );
};
