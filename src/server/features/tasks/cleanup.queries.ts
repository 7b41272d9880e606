import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adViews, shareTokens, taskEvents } from '../../db/schema/index.ts';

/** Deletes progress rows and share tokens of zone days before `day` (YYYY-MM-DD sorts as text). */
export async function deleteDayRowsBefore(db: Db, day: string) {
  const events = await db.delete(taskEvents).where(lt(taskEvents.day, day)).returning({ day: taskEvents.day });
  const shares = await db.delete(shareTokens).where(lt(shareTokens.day, day)).returning({ day: shareTokens.day });
  return { taskEvents: events.length, shareTokens: shares.length };
}

/** Deletes ad views issued before `before` (a token is dead an hour after it was issued). */
export async function deleteAdViewsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(adViews).where(lt(adViews.issuedAt, before)).returning({ id: adViews.id });
  return rows.length;
}
