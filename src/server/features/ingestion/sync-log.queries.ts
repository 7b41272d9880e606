import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { syncRuns } from '../../db/schema/index.ts';

export type SyncTrigger = 'schedule' | 'manual' | 'cli' | 'startup';

/** Opens a sync-log row ('running'); returns its id. Same columns the scheduler writes. */
export async function insertSyncRun(db: Db, job: string, trigger: SyncTrigger, startedAt: Date): Promise<number> {
  const [row] = await db
    .insert(syncRuns)
    .values({ job, trigger, status: 'running', startedAt })
    .returning({ id: syncRuns.id });
  if (!row) throw new Error('insertSyncRun returned no row');
  return row.id;
}

export async function finishSyncRun(
  db: Db,
  id: number,
  result: {
    status: 'success' | 'failed';
    finishedAt: Date;
    durationMs: number;
    counts: Record<string, number>;
    errors: string[];
  },
): Promise<void> {
  await db.update(syncRuns).set(result).where(eq(syncRuns.id, id));
}
