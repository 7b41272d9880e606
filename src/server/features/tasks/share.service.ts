import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ShareStartResponse, ShareVisitResponse } from '../../../shared/api/tasks.schema.ts';
import { dayKey } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { creditTask, type TaskClock } from './credit.service.ts';
import { insertShareVisit, selectShareToken, setSharerVisitor, upsertShareToken } from './share.queries.ts';

/** The query parameter a share link carries its token in: /project/<id>?share=<token>. */
export const SHARE_PARAM = 'share';

/** A browser's visitor id as stored: the SHA-256 of its cookie (the cookie itself is never stored). */
export function hashVisitor(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

/**
 * POST /api/tasks/share/start: one token per user, project and day — asking again that day returns the same token, so
 * reloading the share dialog mints nothing new. Copying the link earns nothing: it only starts the task. The sharer's
 * own browser (`visitor`) is remembered on the token so that opening the link there later is not "someone else".
 */
export async function startShare(
  db: Db,
  userId: string,
  projectId: string,
  visitor: string,
  clock: TaskClock,
): Promise<ShareStartResponse> {
  const { now } = clock;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const day = dayKey(now, clock.timeZone);
  const token = randomBytes(24).toString('base64url');
  const row = await upsertShareToken(db, { token, userId, projectId: project.id, day, createdAt: now });
  if (!row) throw new Error('share token vanished');
  await setSharerVisitor(db, row.token, visitor);
  const params = new URLSearchParams({ [SHARE_PARAM]: row.token });
  return { token: row.token, path: `/project/${encodeURIComponent(project.id)}?${params}` };
}

export type ShareVisitor = { visitor: string; userId: string | null };

/**
 * POST /api/share-visits: someone opened a share link. It counts when the visit is from ANOTHER visitor — not the
 * sharer signed in anywhere, not the browser the sharer shared from (its visitor cookie), not a browser or signed-in
 * user who already opened this link — on the token's own day. The first counted visit credits the sharer's
 * daily.share_project in the one crediting transaction (ledger key task:daily.share_project:<day>: once a day, and
 * within the daily cap; a refusal there leaves the visit recorded and the task claimable or locked as the list says).
 */
export async function recordShareVisit(
  db: Db,
  token: string,
  from: ShareVisitor,
  clock: TaskClock,
): Promise<ShareVisitResponse> {
  const row = await selectShareToken(db, token);
  if (!row || row.day !== dayKey(clock.now, clock.timeZone)) return { counted: false };
  if (from.userId === row.userId || from.visitor === row.sharerVisitor) return { counted: false };
  const visit = { token, visitor: from.visitor, visitorUserId: from.userId, createdAt: clock.now };
  if (!(await insertShareVisit(db, visit))) return { counted: false };
  try {
    await creditTask(db, row.userId, { task: 'daily.share_project' }, clock);
  } catch (error) {
    if (!(error instanceof AppError && ['TASK_ALREADY_DONE', 'DAILY_TASK_LIMIT'].includes(error.code))) throw error;
  }
  return { counted: true };
}
