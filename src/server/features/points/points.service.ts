import type { PointsQuery, PointsReason, PointsResponse } from '../../../shared/api/points.schema.ts';
import type { Language } from '../../../shared/locales/index.ts';
import { translate } from '../../../shared/locales/index.ts';
import { computeEffectiveLevel, nextPointsLevel } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  applyBalanceChange,
  countEntries,
  insertEntry,
  lockProfilePoints,
  type PointsRow,
  selectEntries,
  selectEntryByKey,
  selectProfilePoints,
} from './points.queries.ts';
import { notifyPointsMove } from './points-notifications.ts';

/** The largest single move of points (a typo in the admin CLI must not mint millions). */
export const MAX_POINTS_CHANGE = 100_000;

export type PointsChange = {
  userId: string;
  /** Positive credits, negative debits; never 0. */
  change: number;
  reason: PointsReason;
  /** The same key for the same user is applied once; a repeat returns the first entry with applied: false. */
  idempotencyKey?: string;
  now?: Date;
};

export type PointsChangeResult = { applied: boolean; balance: number; entry: PointsRow };

/**
 * The one way points move: in one transaction, lock the profile row, skip a key already used, move the balance in a
 * single guarded UPDATE (a debit larger than the balance → INSUFFICIENT_POINTS, nothing written) and write the ledger
 * row with the resulting total. The ledger is the truth; user_profiles.points always equals its sum. The same
 * transaction adds the row's notifications (a credit worth telling, a level crossed: points-notifications.ts).
 */
export async function changePoints(db: Db, input: PointsChange): Promise<PointsChangeResult> {
  const { userId, change, reason, idempotencyKey } = input;
  const now = input.now ?? new Date();
  if (!Number.isInteger(change) || change === 0 || Math.abs(change) > MAX_POINTS_CHANGE) {
    throw new AppError('VALIDATION_FAILED', {}, { field: 'change' });
  }
  return withTransaction(db, async (tx) => {
    const profile = await lockProfilePoints(tx, userId);
    if (!profile) throw new AppError('NOT_FOUND');
    if (idempotencyKey !== undefined) {
      const earlier = await selectEntryByKey(tx, userId, idempotencyKey);
      if (earlier) return { applied: false, balance: profile.points, entry: earlier };
    }
    const balance = await applyBalanceChange(tx, userId, change, now);
    if (balance === undefined) {
      throw new AppError('INSUFFICIENT_POINTS', { balance: profile.points, needed: -change });
    }
    const entry = await insertEntry(tx, {
      userId,
      pointsChange: change,
      reason,
      currentTotal: balance,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
    });
    await notifyPointsMove(tx, {
      userId,
      entryId: entry.id,
      change,
      reason,
      before: profile.points,
      after: balance,
      paidLevel: profile.membershipLevel,
      paidExpiresAt: profile.membershipExpiresAt,
      now,
    });
    return { applied: true, balance, entry };
  });
}

/** Credits points (change > 0). */
export function creditPoints(db: Db, input: Omit<PointsChange, 'change'> & { amount: number }) {
  const { amount, ...rest } = input;
  return changePoints(db, { ...rest, change: amount });
}

/** Debits points (amount > 0 is taken away); refused with INSUFFICIENT_POINTS when the balance is smaller. */
export function debitPoints(db: Db, input: Omit<PointsChange, 'change'> & { amount: number }) {
  const { amount, ...rest } = input;
  return changePoints(db, { ...rest, change: -amount });
}

function reasonLabel(lang: Language, reason: string): string {
  const label = translate(lang, `points.reasons.${reason}`);
  return label.startsWith('points.reasons.') ? reason : label;
}

/** GET /api/me/points: balance, effective level, points to the next level and a page of the ledger, newest first. */
export async function getMyPoints(
  db: Db,
  userId: string,
  query: PointsQuery,
  lang: Language,
  now: Date,
): Promise<PointsResponse> {
  const profile = await selectProfilePoints(db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  const page = { limit: query.limit, offset: query.offset };
  const [rows, total] = await Promise.all([selectEntries(db, userId, page), countEntries(db, userId)]);
  const level = computeEffectiveLevel(
    { points: profile.points, paidLevel: profile.membershipLevel, paidExpiresAt: profile.membershipExpiresAt },
    now,
  );
  return {
    balance: profile.points,
    level,
    next: nextPointsLevel(profile.points),
    history: {
      items: rows.map((row) => ({
        change: row.pointsChange,
        reason: row.reason,
        reasonLabel: reasonLabel(lang, row.reason),
        total: row.currentTotal,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      ...page,
    },
  };
}
