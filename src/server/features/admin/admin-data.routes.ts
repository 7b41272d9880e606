import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProjectListQuerySchema,
  AdminProjectListResponseSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  DeletedResponseSchema,
  ImportQuerySchema,
  ImportResultSchema,
} from '../../../shared/api/admin-data.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf, listAudit } from '../../audit/audit-log.service.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import {
  AdminProjectCreateSchema,
  AdminProjectWriteSchema,
  AdminSectorCreateSchema,
  ExportProjectSchema,
  ExportSectorSchema,
  KnownChainsResponseSchema,
} from '../catalogue/catalogue.service.ts';
import { previewImport, runImport } from './admin-import.service.ts';
import {
  createProject,
  createSector,
  deleteProject,
  getAdminProject,
  listAdminProjects,
  listKnownChains,
  updateProject,
  updateSector,
} from './admin-projects.service.ts';

/** An import file may be large (10,000 projects ≈ 15 MB of JSON): these two routes alone accept up to 50 MB. */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
/** The file is validated row by row in the service (the error names the row and field), so the body is any JSON. */
const ImportBodySchema = z.unknown().describe('{ projects: ExportProject[], sectors?, exportTime?, version? }');
const actorOf = adminActorOf;

/**
 * Admin data changes (projects and sectors CRUD, import, the audit log) under /api/admin. Every write runs
 * in one transaction with its audit entry (audit-log.service.ts); docs/admin.md. `rescore` (app.ts) starts the heat
 * recompute that scores created and imported projects once their change commits.
 */
export const adminDataRoutes: FastifyPluginAsyncZod<AppDeps & { rescore: () => void }> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The admin audit log of data changes',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema },
      },
    },
    (request) => listAudit(deps.db, request.query),
  );

  app.post(
    '/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Preview a catalogue import (merge or replace) without applying it',
        querystring: ImportQuerySchema,
        body: ImportBodySchema,
        response: { 200: ImportResultSchema },
      },
    },
    (request) => previewImport(deps.db, request.body, request.query.mode),
  );
  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import a catalogue (merge or replace)',
        querystring: ImportQuerySchema,
        body: ImportBodySchema,
        response: { 200: ImportResultSchema },
      },
    },
    (request) => runImport(deps, actorOf(request), request.body, request.query.mode),
  );

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'List projects for editing',
        querystring: AdminProjectListQuerySchema,
        response: { 200: AdminProjectListResponseSchema },
      },
    },
    (request) => listAdminProjects(deps.db, request.query),
  );
  app.get(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Get a project for editing',
        params: IdParamsSchema,
        response: { 200: ExportProjectSchema },
      },
    },
    (request) => getAdminProject(deps.db, request.params.id),
  );
  app.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a project',
        body: AdminProjectCreateSchema,
        response: { 201: ExportProjectSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createProject(deps, actorOf(request), request.body)),
  );
  app.put(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Update a project',
        params: IdParamsSchema,
        body: AdminProjectWriteSchema.extend({ id: z.string().min(1).optional() }),
        response: { 200: ExportProjectSchema },
      },
    },
    (request) => updateProject(deps, actorOf(request), request.params.id, { ...request.body, id: request.params.id }),
  );
  app.delete(
    '/projects/:id',
    { schema: { tags, summary: 'Delete a project', params: IdParamsSchema, response: { 200: DeletedResponseSchema } } },
    (request) => deleteProject(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/chains',
    { schema: { tags, summary: 'List the chains a project may name', response: { 200: KnownChainsResponseSchema } } },
    () => listKnownChains(deps.db),
  );

  app.post(
    '/sectors',
    {
      schema: {
        tags,
        summary: 'Create a sector',
        body: AdminSectorCreateSchema,
        response: { 201: ExportSectorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createSector(deps, actorOf(request), request.body)),
  );
  app.put(
    '/sectors/:id',
    {
      schema: {
        tags,
        summary: 'Update a sector',
        params: IdParamsSchema,
        body: ExportSectorSchema.extend({ id: z.string().min(1).optional() }),
        response: { 200: ExportSectorSchema },
      },
    },
    (request) => updateSector(deps, actorOf(request), request.params.id, { ...request.body, id: request.params.id }),
  );
};
