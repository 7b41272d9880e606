import {
  type CreateScheduleBody,
  EXPORT_SCHEDULES_PER_USER,
  ExportOptionsSchema,
  type ExportSource,
  ExportSourceSchema,
  type Schedule,
  type SchedulesResponse,
} from '../../../shared/api/exports.schema.ts';
import { translate } from '../../../shared/locales/index.ts';
import { canUse } from '../../../shared/membership/level.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockOwner } from '../../db/owner-lock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { getAppUrl } from '../auth/auth.service.ts';
import { notify } from '../notifications/notify.service.ts';
import { consumeQuota } from '../quotas/quotas.service.ts';
import { ownerViewer, type RunnerDeps, runExport } from './export-runner.ts';
import * as q from './exports.queries.ts';
import { assertSourceReadable, rowCapOf } from './exports.service.ts';

// Scheduled exports (docs/exports.md "Schedules"): daily, weekly or monthly, claimed atomically by the exports job.

const PERIOD_MS = { daily: 86_400_000, weekly: 7 * 86_400_000 } as const;

/** The first run: one period after creation (the export wanted now is the form's Export button). */
export function firstRunAt(frequency: Schedule['frequency'], now: Date): Date {
  if (frequency !== 'monthly') return new Date(now.getTime() + PERIOD_MS[frequency]);
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function toSchedule(row: q.ScheduleRow): Schedule {
  return {
    id: row.id,
    source: ExportSourceSchema.parse(row.source),
    options: ExportOptionsSchema.parse(row.options),
    frequency: row.frequency,
    delivery: row.delivery,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownerOf = (viewer: Viewer): string => {
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED');
  return viewer.userId;
};

/** Creates a schedule (premium): the cap counted under the owner's row lock, so parallel creates cannot pass it. */
export async function createSchedule(db: Db, viewer: Viewer, body: CreateScheduleBody, now: Date): Promise<Schedule> {
  const userId = ownerOf(viewer);
  assertCanUse(viewer, 'export_data');
  await assertSourceReadable(db, viewer, body.source);
  return withTransaction(db, async (tx) => {
    if (!(await lockOwner(tx, userId))) throw new AppError('NOT_FOUND');
    if ((await q.countActiveSchedules(tx, userId)) >= EXPORT_SCHEDULES_PER_USER) {
      throw new AppError('EXPORT_SCHEDULE_LIMIT_REACHED', { limit: EXPORT_SCHEDULES_PER_USER });
    }
    const row = await q.insertSchedule(tx, {
      userId,
      source: body.source,
      options: body.options,
      frequency: body.frequency,
      delivery: body.delivery,
      nextRunAt: firstRunAt(body.frequency, now),
      createdAt: now,
    });
    return toSchedule(row);
  });
}

export async function listSchedules(db: Db, viewer: Viewer): Promise<SchedulesResponse> {
  const rows = await q.selectOwnSchedules(db, ownerOf(viewer));
  return { items: rows.map(toSchedule), limit: EXPORT_SCHEDULES_PER_USER };
}

/** Cancels one of the viewer's schedules; another user's id (or a cancelled one) is NOT_FOUND. */
export async function cancelSchedule(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!(await q.cancelOwnSchedule(db, ownerOf(viewer), id))) throw new AppError('NOT_FOUND');
}

export type ScheduleRunDeps = RunnerDeps & { config: RunnerDeps['config'] & Config; mailer: Mailer };
export type ScheduleRunCounts = { claimed: number; completed: number; failed: number; mailed: number };

/**
 * Runs every due schedule once for its period: the claim moves next_run_at in the same statement (two instances never
 * both run a period), the export is unique per (schedule, period), and it counts against the owner's export quota of
 * that day. An owner without the feature or over the quota gets a failed export with the reason and a notification;
 * a completed one is notified, and e-mailed as a link when the schedule says so.
 */
export async function runDueSchedules(deps: ScheduleRunDeps, now: Date): Promise<ScheduleRunCounts> {
  const counts: ScheduleRunCounts = { claimed: 0, completed: 0, failed: 0, mailed: 0 };
  const claimed = await q.claimDueSchedules(deps.db, now, 20);
  counts.claimed = claimed.length;
  for (const schedule of claimed) {
    const outcome = await runOne(deps, schedule, now);
    if (outcome === 'completed' || outcome === 'mailed') counts.completed += 1;
    if (outcome === 'mailed') counts.mailed += 1;
    if (outcome === 'failed') counts.failed += 1;
  }
  return counts;
}

type Claimed = Awaited<ReturnType<typeof q.claimDueSchedules>>[number];

async function runOne(deps: ScheduleRunDeps, schedule: Claimed, now: Date) {
  const { db } = deps;
  const source = ExportSourceSchema.parse(schedule.source);
  const options = ExportOptionsSchema.parse(schedule.options);
  const viewer = await ownerViewer(db, schedule.userId, now);
  if (!viewer) return 'skipped' as const;
  const base = { userId: schedule.userId, source, options, scheduleId: schedule.id, scheduledFor: schedule.period };
  let refusal: AppError | null = null;
  if (!canUse(viewer.level, 'export_data')) {
    refusal = new AppError('FEATURE_LOCKED', {}, { feature: 'export_data' });
  } else {
    try {
      await consumeQuota(
        db,
        { subject: `user:${viewer.userId}`, viewer },
        'dailyExports',
        now,
        deps.config.DAY_TIME_ZONE,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = error;
    }
  }
  if (refusal) {
    const row = await q.insertExport(db, {
      ...base,
      state: 'failed',
      error: refusal.code,
      errorParams: refusal.params,
      rowCap: rowCapOf(viewer),
      createdAt: now,
      finishedAt: now,
      expiresAt: new Date(now.getTime() + deps.config.EXPORT_RETENTION_DAYS * DAY_MS),
    });
    if (row) await notifyOutcome(db, row.id, schedule.userId, source, 'failed', refusal.code);
    return 'failed' as const;
  }
  const row = await q.insertExport(db, { ...base, rowCap: rowCapOf(viewer), createdAt: now });
  if (!row) return 'skipped' as const; // this period already has its export
  await runExport(deps, row.id, () => now);
  const done = await q.selectExport(db, row.id);
  if (done?.state !== 'completed') {
    await notifyOutcome(db, row.id, schedule.userId, source, 'failed', done?.error ?? 'EXPORT_FAILED');
    return 'failed' as const;
  }
  await notifyOutcome(db, row.id, schedule.userId, source, 'completed', null);
  if (schedule.delivery !== 'email') return 'completed' as const;
  const owner = await q.selectOwner(db, schedule.userId);
  if (!owner?.email) return 'completed' as const;
  const lang = options.language;
  const params = {
    fileName: done.fileName ?? '',
    link: `${getAppUrl(deps.config)}/api/exports/${row.id}/download`,
    listLink: `${getAppUrl(deps.config)}/exports`,
    days: deps.config.EXPORT_RETENTION_DAYS,
  };
  await deps.mailer.send(db, {
    to: owner.email,
    subject: translate(lang, 'exports.mail.subject', params),
    text: translate(lang, 'exports.mail.body', params),
  });
  return 'mailed' as const;
}

function notifyOutcome(
  db: Db,
  exportId: string,
  userId: string,
  source: ExportSource,
  state: 'completed' | 'failed',
  error: string | null,
) {
  return notify(db, [
    {
      userId,
      kind: state === 'completed' ? 'export_ready' : 'export_failed',
      params: { exportId, source: source.kind, ...(error ? { error } : {}) },
      link: '/exports',
      dedupeKey: `export:${exportId}:${state}`,
    },
  ]);
}
