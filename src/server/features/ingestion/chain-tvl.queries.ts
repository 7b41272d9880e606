import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformTvl } from '../../db/schema/index.ts';

export type PlatformTvlRow = typeof platformTvl.$inferInsert;

/** Writes the fresh figures (one statement; a key read again replaces its row and clears `stale`). */
export async function upsertPlatformTvl(db: Db, rows: PlatformTvlRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db
    .insert(platformTvl)
    .values(rows.map((row) => ({ ...row, stale: false })))
    .onConflictDoUpdate({
      target: platformTvl.platformKey,
      set: {
        sourceName: sql`excluded.source_name`,
        tvlUsd: sql`excluded.tvl_usd`,
        source: sql`excluded.source`,
        asOf: sql`excluded.as_of`,
        stale: false,
      },
    })
    .returning({ key: platformTvl.platformKey });
  return written.length;
}

/** After a failed fetch: every stored figure stays, marked stale (its as-of still says how old it is). */
export async function markPlatformTvlStale(db: Db): Promise<number> {
  const rows = await db.update(platformTvl).set({ stale: true }).returning({ key: platformTvl.platformKey });
  return rows.length;
}
