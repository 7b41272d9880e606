import type { PointsReason } from '../../../shared/api/points.schema.ts';
import { computeEffectiveLevel, type MembershipLevel } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { type NewNotification, notify } from '../notifications/notify.service.ts';

/**
 * Credits that do not ring the bell: an ad view is worth 10 points and a free user may watch 10 a day — a notification
 * each would bury everything else. Tasks, achievements, streak bonuses, referrals and admin grants are notified.
 */
export const UNNOTIFIED_CREDIT_REASONS: ReadonlySet<PointsReason> = new Set(['ad.watch']);

export type LedgerMove = {
  userId: string;
  entryId: number;
  change: number;
  reason: PointsReason;
  before: number;
  after: number;
  paidLevel: MembershipLevel;
  paidExpiresAt: Date | null;
  now: Date;
};

/** The notifications one applied ledger row gives (pure): a credit worth telling, and a level crossed either way. */
export function pointsNotificationsFor(move: LedgerMove): NewNotification[] {
  const rows: NewNotification[] = [];
  if (move.change > 0 && !UNNOTIFIED_CREDIT_REASONS.has(move.reason)) {
    rows.push({
      userId: move.userId,
      kind: 'points_credited',
      params: { amount: move.change, reason: move.reason, balance: move.after },
      link: '/tasks',
      dedupeKey: `points:${move.entryId}`,
    });
  }
  // The level the user actually has (a running paid plan included): points that cross 1000 under a paid VIP plan
  // change nothing the user can see, so they are not announced.
  const plan = { paidLevel: move.paidLevel, paidExpiresAt: move.paidExpiresAt };
  const from = computeEffectiveLevel({ points: move.before, ...plan }, move.now);
  const to = computeEffectiveLevel({ points: move.after, ...plan }, move.now);
  if (from !== to) {
    rows.push({
      userId: move.userId,
      kind: 'level_changed',
      params: { from, to },
      link: '/membership',
      dedupeKey: `level:${move.entryId}`,
    });
  }
  return rows;
}

/** Writes them in the ledger's transaction, so a notification exists exactly when its ledger row does. */
export function notifyPointsMove(tx: Db, move: LedgerMove): Promise<number> {
  return notify(tx, pointsNotificationsFor(move));
}
