import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  AdminRefundResponseSchema,
  PaymentParamsSchema,
} from '../../../shared/api/payments-checkout.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { listAdminPayments, refundPayment } from './payments-admin.service.ts';
import { createStripeClient } from './stripe-client.ts';

const tags = ['admin'];

/** /api/admin/payments: every payment (paged) and an admin's refund. Admin only (a hook on the whole scope). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const stripe = await createStripeClient(config);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List all payments',
        querystring: AdminPaymentsQuerySchema,
        response: { 200: AdminPaymentsResponseSchema },
      },
    },
    (request) => listAdminPayments(db, request.query),
  );

  app.post(
    '/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a payment',
        params: PaymentParamsSchema,
        response: { 200: AdminRefundResponseSchema },
      },
    },
    (request) => refundPayment(db, stripe, adminActorOf(request), request.params.id),
  );
};
