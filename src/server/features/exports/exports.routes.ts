import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateExportBodySchema,
  CreateScheduleBodySchema,
  ExportParamsSchema,
  ExportSchema,
  ExportsResponseSchema,
  ScheduleSchema,
  SchedulesResponseSchema,
} from '../../../shared/api/exports.schema.ts';
import { requireFeature, requireSignedIn, type Viewer, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireVerifiedEmail } from '../auth/auth.plugin.ts';
import { startExport } from './export-runner.ts';
import * as schedules from './export-schedules.service.ts';
import * as service from './exports.service.ts';

const tags = ['exports'];
// Creating (and retrying) needs the plan's export_data; reading, downloading and deleting one's own exports does not,
// so files made before a plan ended stay reachable until they expire.
const guard = requireFeature('export_data');

function own(request: FastifyRequest, reply: FastifyReply, now: Date): Viewer {
  reply.header('cache-control', 'private, no-store');
  return viewerOf(request, now);
}

/** Content-Disposition with an ASCII fallback and the real (e.g. Chinese) name per RFC 5987 / RFC 6266. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** /api/exports/* and /api/export-schedules/*: a user's own rows only; another user's id answers 404. */
export const exportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, dbKind, config }) => {
  const runner = { db, dbKind, config, log: app.log };
  // Runs started here finish (or fail, recorded) before the app closes its database: a graceful stop loses none.
  const running = new Set<Promise<unknown>>();
  const start = (id: string) => {
    const run = startExport(runner, id).finally(() => running.delete(run));
    running.add(run);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    '/exports',
    {
      schema: {
        tags,
        summary: 'Start an export (premium, counted)',
        body: CreateExportBodySchema,
        response: { 202: ExportSchema },
      },
      onRequest: guard,
      preHandler: requireVerifiedEmail,
    },
    async (req, reply) => {
      const now = new Date();
      const row = await service.createExport(db, own(req, reply, now), req.body, now, config);
      start(row.id);
      return reply.code(202).send(service.toExport(row, requestLanguage(req)));
    },
  );

  app.get(
    '/exports',
    {
      schema: { tags, summary: 'List my exports', response: { 200: ExportsResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.listExports(db, own(req, reply, new Date()), requestLanguage(req), config),
  );

  app.get(
    '/exports/:id',
    {
      schema: { tags, summary: "Get an export's state", params: ExportParamsSchema, response: { 200: ExportSchema } },
      onRequest: requireSignedIn,
    },
    async (req, reply) =>
      service.toExport(await service.getExport(db, own(req, reply, new Date()), req.params.id), requestLanguage(req)),
  );

  app.get(
    '/exports/:id/download',
    { schema: { tags, summary: "Download an export's file", params: ExportParamsSchema }, onRequest: requireSignedIn },
    async (req, reply) => {
      const file = await service.openDownload(db, own(req, reply, new Date()), req.params.id);
      reply.header('content-type', file.contentType);
      reply.header('content-length', String(file.size));
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(file.body);
    },
  );

  app.post(
    '/exports/:id/retry',
    {
      schema: { tags, summary: 'Retry a failed export', params: ExportParamsSchema, response: { 202: ExportSchema } },
      onRequest: guard,
      preHandler: requireVerifiedEmail,
    },
    async (req, reply) => {
      const row = await service.retryExport(db, own(req, reply, new Date()), req.params.id);
      start(row.id);
      return reply.code(202).send(service.toExport(row, requestLanguage(req)));
    },
  );

  app.delete(
    '/exports/:id',
    {
      schema: { tags, summary: 'Delete an export and its file', params: ExportParamsSchema },
      onRequest: requireSignedIn,
    },
    async (req, reply) => {
      await service.deleteExport(db, own(req, reply, new Date()), req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/export-schedules',
    {
      schema: { tags, summary: 'List my scheduled exports', response: { 200: SchedulesResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => schedules.listSchedules(db, own(req, reply, new Date())),
  );

  app.post(
    '/export-schedules',
    {
      schema: {
        tags,
        summary: 'Schedule a recurring export',
        body: CreateScheduleBodySchema,
        response: { 201: ScheduleSchema },
      },
      onRequest: guard,
      preHandler: requireVerifiedEmail,
    },
    async (req, reply) => {
      const now = new Date();
      const created = await schedules.createSchedule(db, own(req, reply, now), req.body, now);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/export-schedules/:id',
    {
      schema: { tags, summary: 'Delete a scheduled export', params: z.object({ id: z.uuid() }) },
      onRequest: requireSignedIn,
    },
    async (req, reply) => {
      await schedules.cancelSchedule(db, own(req, reply, new Date()), req.params.id);
      return reply.code(204).send();
    },
  );
};
