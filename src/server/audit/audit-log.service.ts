import type { FastifyRequest } from 'fastify';
import type { AUDIT_ENTITIES, AuditQuery, AuditResponse } from '../../shared/api/admin-data.schema.ts';
import type { Db } from '../db/client.ts';
import { insertAuditEntry, selectAuditPage } from './audit-log.queries.ts';

/** Who acted: a signed-in admin, or the operator's command line (`CLI_ACTOR`: no account, e-mail 'cli'). */
export type AdminActor = { id: string | null; email: string | null };

/** The actor of `npm run admin -- …`: the shell has no account; the entry reads "cli" on the admin page. */
export const CLI_ACTOR: AdminActor = { id: null, email: 'cli' };

/** The signed-in admin of a request that passed requireAdmin. */
export const adminActorOf = (request: FastifyRequest): AdminActor => ({
  id: request.auth?.user.id ?? null,
  email: request.auth?.user.email ?? null,
});

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export type AdminAction = {
  actor: AdminActor;
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Appends one audit entry. Call it with the transaction that makes the change (`tx`), never the pool: the entry
 * commits or rolls back with the change, so the log neither misses a change nor records one that did not happen.
 */
export async function recordAdminAction(tx: Db, action: AdminAction): Promise<number> {
  return insertAuditEntry(tx, {
    actorId: action.actor.id,
    actorEmail: action.actor.email,
    action: action.action,
    entity: action.entity,
    entityId: action.entityId,
    before: action.before ?? null,
    after: action.after ?? null,
  });
}

export async function listAudit(db: Db, query: AuditQuery): Promise<AuditResponse> {
  const rows = await selectAuditPage(db, query);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextBefore: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
