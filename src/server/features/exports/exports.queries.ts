import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { exportChunks, exportSchedules, exports, userProfiles, users } from '../../db/schema/index.ts';

export type ExportRow = typeof exports.$inferSelect;
export type ScheduleRow = typeof exportSchedules.$inferSelect;

// --- exports

export async function insertExport(db: Db, values: typeof exports.$inferInsert): Promise<ExportRow | undefined> {
  const [row] = await db.insert(exports).values(values).onConflictDoNothing().returning();
  return row;
}

export function selectOwnExports(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(exports)
    .where(eq(exports.userId, userId))
    .orderBy(desc(exports.createdAt), desc(exports.id))
    .limit(limit);
}

export async function selectOwnExport(db: Db, userId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(exports)
    .where(and(eq(exports.id, id), eq(exports.userId, userId)));
  return row;
}

export async function selectExport(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(exports).where(eq(exports.id, id));
  return row;
}

export async function deleteOwnExport(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(exports)
    .where(and(eq(exports.id, id), eq(exports.userId, userId)))
    .returning({ id: exports.id });
  return rows.length > 0;
}

/** failed → processing, only from failed (two parallel retries: one wins). */
export async function updateRetry(db: Db, userId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(exports)
    .set({
      state: 'processing',
      error: null,
      errorParams: null,
      finishedAt: null,
      expiresAt: null,
      attempts: sql`${exports.attempts} + 1`,
    })
    .where(and(eq(exports.id, id), eq(exports.userId, userId), eq(exports.state, 'failed')))
    .returning();
  return row;
}

export async function updateCompleted(
  db: Db,
  id: string,
  values: Pick<
    ExportRow,
    'fileName' | 'contentType' | 'fileSize' | 'rowCount' | 'truncated' | 'finishedAt' | 'expiresAt'
  >,
): Promise<void> {
  await db
    .update(exports)
    .set({ ...values, state: 'completed' })
    .where(and(eq(exports.id, id), eq(exports.state, 'processing')));
}

export async function updateFailed(
  db: Db,
  id: string,
  values: { error: string; errorParams: Record<string, unknown>; finishedAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(exports)
    .set({ ...values, state: 'failed' })
    .where(and(eq(exports.id, id), eq(exports.state, 'processing')));
}

/** Processing rows created before `before`: candidates for a run whose instance stopped (the runner checks the lock). */
export function selectStaleProcessing(db: Db, before: Date, limit: number) {
  return db
    .select({ id: exports.id })
    .from(exports)
    .where(and(eq(exports.state, 'processing'), lt(exports.createdAt, before)))
    .orderBy(asc(exports.createdAt))
    .limit(limit);
}

/** Deletes exports whose retention has passed (their chunks go by cascade); returns how many. */
export async function deleteExpired(db: Db, now: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(exports)
    .where(
      inArray(exports.id, db.select({ id: exports.id }).from(exports).where(lte(exports.expiresAt, now)).limit(limit)),
    )
    .returning({ id: exports.id });
  return rows.length;
}

// --- chunks
// The bytes travel as base64 text, decoded and encoded by the database: PGlite serialises a binary parameter (and
// parses a bytea result) byte by byte in JavaScript, ~30 ms per 256 KiB chunk, while base64 text costs ~5 ms. A
// 100,000-row csv is ~60 chunks (npm run bench -- --only exports).

export async function insertChunk(db: Db, exportId: string, seq: number, data: Buffer): Promise<void> {
  await db.execute(
    sql`INSERT INTO ${exportChunks} (export_id, seq, data) VALUES (${exportId}, ${seq}, decode(${data.toString('base64')}, 'base64'))`,
  );
}

export async function deleteChunks(db: Db, exportId: string): Promise<void> {
  await db.delete(exportChunks).where(eq(exportChunks.exportId, exportId));
}

/** The next chunk after `seq` (one row at a time: a download never holds more than one chunk). */
export async function selectChunkAfter(db: Db, exportId: string, seq: number) {
  const [row] = await queryRows<{ seq: number; data: string }>(
    db,
    sql`SELECT seq, encode(data, 'base64') AS data FROM ${exportChunks}
        WHERE export_id = ${exportId} AND seq > ${seq} ORDER BY seq LIMIT 1`,
  );
  return row && { seq: row.seq, data: Buffer.from(row.data, 'base64') };
}

// --- owners

/** What a background run needs of the owner: the level inputs (computeEffectiveLevel) and the e-mail address. */
export async function selectOwner(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      points: userProfiles.points,
      paidLevel: userProfiles.membershipLevel,
      paidExpiresAt: userProfiles.membershipExpiresAt,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

// --- schedules

export async function countActiveSchedules(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportSchedules)
    .where(and(eq(exportSchedules.userId, userId), eq(exportSchedules.active, true)));
  return row?.n ?? 0;
}

export async function insertSchedule(db: Db, values: typeof exportSchedules.$inferInsert): Promise<ScheduleRow> {
  const [row] = await db.insert(exportSchedules).values(values).returning();
  if (!row) throw new Error('schedule insert returned nothing');
  return row;
}

export function selectOwnSchedules(db: Db, userId: string) {
  return db
    .select()
    .from(exportSchedules)
    .where(and(eq(exportSchedules.userId, userId), eq(exportSchedules.active, true)))
    .orderBy(asc(exportSchedules.createdAt), asc(exportSchedules.id));
}

/** Cancels a schedule (kept inactive so its past exports keep their link); false when not the user's or gone. */
export async function cancelOwnSchedule(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(exportSchedules)
    .set({ active: false })
    .where(and(eq(exportSchedules.id, id), eq(exportSchedules.userId, userId), eq(exportSchedules.active, true)))
    .returning({ id: exportSchedules.id });
  return rows.length > 0;
}

/**
 * Claims due schedules in ONE statement: each row's next_run_at moves to the first period boundary after `now`, and the
 * old value (the period being run) comes back. FOR UPDATE SKIP LOCKED plus the re-checked `next_run_at <= now` mean
 * two instances (or two overlapping runs) never both get the same period.
 */
export async function claimDueSchedules(db: Db, now: Date, limit: number) {
  const at = now.toISOString();
  const rows = await queryRows<{
    id: string;
    user_id: string;
    source: Record<string, unknown>;
    options: Record<string, unknown>;
    delivery: ScheduleRow['delivery'];
    period: string | Date;
  }>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM ${exportSchedules}
      WHERE active AND next_run_at <= ${at}::timestamptz
      ORDER BY next_run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      SELECT s.id, s.next_run_at AS period,
        CASE s.frequency
          WHEN 'daily' THEN s.next_run_at
            + (floor(extract(epoch FROM (${at}::timestamptz - s.next_run_at)) / 86400) + 1) * interval '1 day'
          WHEN 'weekly' THEN s.next_run_at
            + (floor(extract(epoch FROM (${at}::timestamptz - s.next_run_at)) / 604800) + 1) * interval '7 days'
          ELSE s.next_run_at + ((extract(year FROM age(${at}::timestamptz, s.next_run_at)) * 12
            + extract(month FROM age(${at}::timestamptz, s.next_run_at)) + 1)::int) * interval '1 month'
        END AS next
      FROM ${exportSchedules} s JOIN due USING (id)
    )
    UPDATE ${exportSchedules} s SET next_run_at = claimed.next, last_run_at = ${at}::timestamptz
    FROM claimed
    WHERE s.id = claimed.id AND s.next_run_at <= ${at}::timestamptz
    RETURNING s.id, s.user_id, s.source, s.options, s.delivery, claimed.period
  `,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    source: r.source,
    options: r.options,
    delivery: r.delivery,
    period: new Date(r.period),
  }));
}
