import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditQuery } from '../../shared/api/admin-data.schema.ts';
import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema/index.ts';

export async function insertAuditEntry(db: Db, row: typeof adminAudit.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(adminAudit).values(row).returning({ id: adminAudit.id });
  return inserted!.id;
}

/** One page, newest first, keyset on id (`before` exclusive); one extra row tells whether an older page exists. */
export function selectAuditPage(db: Db, { before, limit, entity, entityId }: AuditQuery) {
  return db
    .select()
    .from(adminAudit)
    .where(
      and(
        before === undefined ? undefined : lt(adminAudit.id, before),
        entity ? eq(adminAudit.entity, entity) : undefined,
        entityId ? eq(adminAudit.entityId, entityId) : undefined,
      ),
    )
    .orderBy(desc(adminAudit.id))
    .limit(limit + 1);
}
