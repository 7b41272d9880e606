import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateProposalBodySchema,
  ProposalListResponseSchema,
  ProposalParamsSchema,
  ProposalPreviewBodySchema,
  ProposalPreviewResponseSchema,
  ProposalSchema,
  ProposalToCandidateBodySchema,
} from '../../../shared/api/weight-proposals.schema.ts';
import { requireFeature, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { requireAdmin, requireUser } from '../auth/auth.plugin.ts';
import * as service from './weight-proposals.service.ts';

const tags = ['methodology'];
// The guard runs before the body is read: a visitor learns to sign in, a free member which tier includes it.
const guard = requireFeature('custom_weights');
/** A preview replays 90 days: the same weights are answered from the cache until the data changes. */
const PREVIEW_TTL_MS = 10 * 60_000;

/** /api/methodology/proposals: try your own weights (premium), save them private or public, list the public ones. */
export const weightProposalsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.post(
    '/preview',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Rank projects under my weights beside today, with the movers and an evaluation',
        body: ProposalPreviewBodySchema,
        response: { 200: ProposalPreviewResponseSchema },
      },
    },
    async (request, reply) => {
      const { weights, sector } = request.body;
      const key = service.proposalPreviewCacheKey(sector, weights);
      const body = await cache.getOrCompute(
        key,
        () => service.previewProposal(db, weights, sector, new Date()),
        PREVIEW_TTL_MS,
      );
      return sendCached(request, reply, body, 0, 'private');
    },
  );

  app.post(
    '/',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Save a weight proposal, private or public, with its evaluation',
        body: CreateProposalBodySchema,
        response: { 201: ProposalSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request, new Date());
      const saved = await service.saveProposal(db, viewer.userId as string, request.body, new Date());
      return reply.code(201).header('cache-control', 'private, no-store').send(saved);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Public weight proposals with their evaluations, and my own',
        response: { 200: ProposalListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.listProposals(db, viewerOf(request, new Date()).userId);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Delete my weight proposal', params: ProposalParamsSchema },
    },
    async (request, reply) => {
      await service.removeProposal(db, request.params.id, viewerOf(request, new Date()).userId as string);
      return reply.code(204).send(null);
    },
  );
};

/** /api/admin/methodology/proposals/:id/candidate: an admin turns a public proposal into a candidate model. */
export const weightProposalsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, events }) => {
  app.addHook('onRequest', requireAdmin);
  app.post(
    '/:id/candidate',
    {
      schema: {
        tags,
        summary: 'Make a public weight proposal a candidate heat model version',
        params: ProposalParamsSchema,
        body: ProposalToCandidateBodySchema,
        response: { 201: ProposalSchema },
      },
    },
    async (request, reply) => {
      const proposal = await service.proposalToCandidate(
        db,
        request.params.id,
        request.body.id,
        adminActorOf(request),
        new Date(),
      );
      await events.publish({ type: 'methodology.updated' });
      return reply.code(201).send(proposal);
    },
  );
};
