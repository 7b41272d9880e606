import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CreditResponse, ShareStartResponse } from '../../../shared/api/tasks.schema.ts';
import { dayKey } from '../../../shared/membership/day-window.ts';
import type { Db } from '../../db/client.ts';
import { projects, shareTokens } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { creditTask, type TaskClock } from './credit.service.ts';

/**
 * POST /api/tasks/share/start: one token per user, project and day — asking again that day returns the same token
 * (INSERT … ON CONFLICT DO NOTHING, then read), so reloading the share dialog mints nothing new.
 */
export async function startShare(
  db: Db,
  userId: string,
  projectId: string,
  clock: TaskClock,
): Promise<ShareStartResponse> {
  const { now } = clock;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const day = dayKey(now, clock.timeZone);
  const key = and(eq(shareTokens.userId, userId), eq(shareTokens.projectId, project.id), eq(shareTokens.day, day));
  await db
    .insert(shareTokens)
    .values({ token: randomBytes(24).toString('base64url'), userId, projectId: project.id, day, createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(shareTokens).where(key);
  if (!row) throw new Error('share token vanished');
  return { token: row.token, creditableAt: row.createdAt.toISOString(), serverNow: now.toISOString() };
}

/**
 * POST /api/tasks/share/claim: today's token of this user, spent once, credits daily.share_project once per day.
 * Unknown, foreign or another day's token → TASK_TOKEN_INVALID; spent → TASK_TOKEN_USED.
 */
export async function claimShare(db: Db, userId: string, token: string, clock: TaskClock): Promise<CreditResponse> {
  const { now } = clock;
  const day = dayKey(now, clock.timeZone);
  return creditTask(db, userId, { task: 'daily.share_project' }, clock, async (tx) => {
    const spent = await tx
      .update(shareTokens)
      .set({ redeemedAt: now })
      .where(
        and(
          eq(shareTokens.token, token),
          eq(shareTokens.userId, userId),
          eq(shareTokens.day, day),
          isNull(shareTokens.redeemedAt),
        ),
      )
      .returning({ token: shareTokens.token });
    if (spent.length > 0) return;
    const [row] = await tx.select().from(shareTokens).where(eq(shareTokens.token, token));
    if (!row || row.userId !== userId || row.day !== day) throw new AppError('TASK_TOKEN_INVALID');
    throw new AppError('TASK_TOKEN_USED');
  });
}
