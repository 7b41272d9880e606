import { randomBytes } from 'node:crypto';
import type { AdStartResponse, CreditResponse, HouseAd } from '../../../shared/api/tasks.schema.ts';
import type { Language } from '../../../shared/locales/index.ts';
import { canUse, type MembershipLevel } from '../../../shared/membership/level.ts';
import { ADS_PER_DAY } from '../../../shared/membership/tasks.ts';
import { startOfDay } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import type { houseAds } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  deleteStaleOpenAdView,
  insertAdViewIfNoneOpen,
  redeemAdView,
  selectAdView,
  selectNextAd,
  selectOpenAdView,
} from './ads.queries.ts';
import { creditTask, type TaskClock } from './credit.service.ts';
import { selectTaskProfile } from './tasks.queries.ts';

export type AdClock = TaskClock & { minViewSeconds: number };

/** A token not claimed within an hour is dead: tokens cannot be stockpiled today and claimed on later days. */
export const AD_TOKEN_TTL_MS = 60 * 60_000;

export function toHouseAd(row: typeof houseAds.$inferSelect, lang: Language): HouseAd {
  return {
    id: row.id,
    title: lang === 'zh' ? row.titleZh : row.titleEn,
    body: lang === 'zh' ? row.bodyZh : row.bodyEn,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
  };
}

/**
 * POST /api/tasks/ads/start: only a free viewer sees ads (premium and up are ad-free: ADS_NOT_SHOWN). Refuses at once
 * when today's ads are used up, so no one watches for nothing. ONE view is open per user at a time: while one is open
 * (unclaimed, younger than AD_TOKEN_TTL_MS) a start returns that same view — its token, ad and start time — so ten
 * starts in a row are one view and the minimum view time cannot be run in parallel. The database decides (a partial
 * unique index), so fifty parallel starts on any number of instances open one view.
 */
export async function startAd(
  db: Db,
  userId: string,
  level: MembershipLevel,
  lang: Language,
  clock: AdClock,
): Promise<AdStartResponse> {
  const { now } = clock;
  if (canUse(level, 'ad_free')) throw new AppError('ADS_NOT_SHOWN');
  const profile = await selectTaskProfile(db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  const sameDay = profile.lastDailyReset.getTime() >= startOfDay(now, clock.timeZone).getTime();
  if (sameDay && profile.dailyAdsWatched >= ADS_PER_DAY) throw new AppError('DAILY_AD_LIMIT', { limit: ADS_PER_DAY });
  await deleteStaleOpenAdView(db, userId, new Date(now.getTime() - AD_TOKEN_TTL_MS));
  let open = await selectOpenAdView(db, userId);
  if (!open) {
    const ad = await selectNextAd(db, userId);
    if (!ad) throw new AppError('NO_ADS_AVAILABLE');
    await insertAdViewIfNoneOpen(db, { id: randomBytes(32).toString('base64url'), userId, adId: ad.id, issuedAt: now });
    open = await selectOpenAdView(db, userId);
    if (!open) throw new Error('open ad view vanished');
  }
  const { view, ad } = open;
  return {
    token: view.id,
    ad: toHouseAd(ad, lang),
    minViewSeconds: clock.minViewSeconds,
    startedAt: view.issuedAt.toISOString(),
    creditableAt: new Date(view.issuedAt.getTime() + clock.minViewSeconds * 1000).toISOString(),
    serverNow: now.toISOString(),
  };
}

/**
 * POST /api/tasks/ads/claim: spends the token inside the crediting transaction. Unknown or another user's token →
 * TASK_TOKEN_INVALID (the same answer, revealing nothing; so is one older than AD_TOKEN_TTL_MS), spent →
 * TASK_TOKEN_USED, too early → AD_TOO_EARLY with the
 * seconds left, today's ads used up → DAILY_AD_LIMIT (the token stays unspent: everything rolls back).
 */
export async function claimAd(db: Db, userId: string, token: string, clock: AdClock): Promise<CreditResponse> {
  const { now, minViewSeconds } = clock;
  const id = token;
  return creditTask(db, userId, { ad: id }, clock, async (tx) => {
    const issuedBy = new Date(now.getTime() - minViewSeconds * 1000);
    const issuedAfter = new Date(now.getTime() - AD_TOKEN_TTL_MS);
    if (await redeemAdView(tx, id, userId, { issuedAfter, issuedBy }, now)) return;
    const view = await selectAdView(tx, id);
    if (!view || view.userId !== userId) throw new AppError('TASK_TOKEN_INVALID');
    if (view.redeemedAt) throw new AppError('TASK_TOKEN_USED');
    if (view.issuedAt.getTime() <= issuedAfter.getTime()) throw new AppError('TASK_TOKEN_INVALID');
    const seconds = Math.max(1, Math.ceil((view.issuedAt.getTime() + minViewSeconds * 1000 - now.getTime()) / 1000));
    throw new AppError('AD_TOO_EARLY', { seconds }, { secondsLeft: seconds });
  });
}
