import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBodySchema,
  InvitationCreatedSchema,
  InvitationIdParamsSchema,
  InviteBodySchema,
  MemberIdParamsSchema,
  MyTeamResponseSchema,
  TeamNameBodySchema,
  TeamSchema,
  TransferBodySchema,
} from '../../../shared/api/teams.schema.ts';
import { requireSignedIn, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireVerifiedEmail } from '../auth/auth.plugin.ts';
import * as service from './teams.service.ts';

const tags = ['teams'];

function own(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('cache-control', 'private, no-store');
  return request.auth!.user.id;
}

/**
 * /api/team/*: the signed-in user's one team (docs/teams.md). Every route acts on "my team" as found by my seat, so
 * another team's invitation or member ids are simply not found (404). Creating and inviting need vip (403
 * FEATURE_LOCKED_VIP); reading, leaving, removing, transferring, revoking and deleting work at any level.
 */
export const teamsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, mailer }) => {
  const mail = { db, config, mailer };
  const signedIn = { onRequest: requireSignedIn };
  const verified = { onRequest: requireSignedIn, preHandler: requireVerifiedEmail };

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'My team (or none), whether my level may create one, and the seats',
        response: { 200: MyTeamResponseSchema },
      },
      ...signedIn,
    },
    (req, reply) => {
      own(req, reply);
      return service.getMyTeam(db, viewerOf(req, new Date()), new Date());
    },
  );

  app.post(
    '',
    {
      schema: { tags, summary: 'Create a team', body: TeamNameBodySchema, response: { 201: TeamSchema } },
      ...verified,
    },
    async (req, reply) => {
      own(req, reply);
      const team = await service.createTeam(db, viewerOf(req, new Date()), req.body.name, new Date());
      return reply.code(201).send(team);
    },
  );

  app.patch(
    '',
    {
      schema: { tags, summary: 'Rename my team', body: TeamNameBodySchema, response: { 200: TeamSchema } },
      ...signedIn,
    },
    (req, reply) => service.renameTeam(db, own(req, reply), req.body.name, new Date()),
  );

  app.delete('', { schema: { summary: 'Delete my team', tags }, ...signedIn }, async (req, reply) => {
    await service.deleteTeam(db, own(req, reply));
    return reply.code(204).send(null);
  });

  app.post(
    '/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone to my team',
        body: InviteBodySchema,
        response: { 201: InvitationCreatedSchema },
      },
      ...verified,
    },
    async (req, reply) => {
      own(req, reply);
      const now = new Date();
      const created = await service.inviteMember(mail, viewerOf(req, now), req.body.email, requestLanguage(req), now);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/invitations/:id',
    { schema: { tags, summary: 'Withdraw an invitation', params: InvitationIdParamsSchema }, ...signedIn },
    async (req, reply) => {
      await service.revokeInvitation(db, own(req, reply), req.params.id, new Date());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept a team invitation',
        body: AcceptInvitationBodySchema,
        response: { 200: TeamSchema },
      },
      ...verified,
    },
    (req, reply) => {
      own(req, reply);
      const { user } = req.auth!;
      const accepter = { id: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null };
      return service.acceptInvitation(db, accepter, req.body.token, new Date());
    },
  );

  app.post('/leave', { schema: { summary: 'Leave my team', tags }, ...signedIn }, async (req, reply) => {
    await service.leaveTeam(db, own(req, reply));
    return reply.code(204).send(null);
  });

  app.delete(
    '/members/:userId',
    { schema: { tags, summary: 'Remove a member from my team', params: MemberIdParamsSchema }, ...signedIn },
    async (req, reply) => {
      await service.removeMember(db, own(req, reply), req.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/transfer',
    {
      schema: {
        tags,
        summary: "Hand my team's ownership to another member",
        body: TransferBodySchema,
        response: { 200: TeamSchema },
      },
      ...signedIn,
    },
    (req, reply) => service.transferOwnership(db, own(req, reply), req.body.userId, new Date()),
  );
};
