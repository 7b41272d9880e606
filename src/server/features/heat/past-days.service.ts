import {
  countEvidence,
  heatScore,
  isScored,
  SECTOR_MODEL_VERSION,
  socialScore,
} from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { getScoringModel } from '../methodology/models.service.ts';
import { rankDays } from '../trend/trend.service.ts';
import { toHistoryContributions } from './heat.mappers.ts';
import { selectSectorNames } from './heat.queries.ts';
import { groupDailySeries, toDayNumber, toDayString, toPastDaySignals } from './past-day-signals.ts';
import {
  type PastHistoryRow,
  selectDailyValues,
  selectPastProjectsPage,
  upsertBackfilledHistory,
} from './past-days.queries.ts';
import { computeSectorResults, type ScoredProject } from './sector-aggregate.ts';

/** Days read before the first day: its 7-day windows (momentum, news, page views) and the 24 h price change. */
const LOOKBACK_DAYS = 7;
const PAGE = 500;

export type PastDaysResult = {
  /** The heat model version every project row of the run was scored with (and records). */
  model: string;
  days: number;
  projects: number;
  historyInserted: number;
  historyUpdated: number;
  timingsMs: Record<string, number>;
};

/** A backfilled day's row time: the last second of its UTC day (a chart's daily bucket, "as of the day's end"). */
export const toPastDayTime = (day: number) => new Date((day + 1) * DAY_MS - 1000);

/**
 * Recomputes heat for each UTC day [fromDay, toDay] with the current model version (the registry's, read once per
 * run as the live recompute reads it; the code's own before any admin promotes another) from the stored daily values
 * (past-day-signals.ts: only the inputs a source recorded for that day), as 'day' history rows marked backfilled —
 * never over a live row of the same day — then each day's sector heat from its scored members (with the previous
 * backfilled day as the 24 h baseline), then the trend's daily ranks of those days. Status is 'active' on a past
 * day (no bonus: a past status would need that day's universe of gains). Idempotent: a second run writes nothing.
 *
 * Why the current version and not the one current on each past day: a backfilled day is a reconstruction made now —
 * no one saw a heat that day — and most backfilled days predate the registry, so "the version of that day" is
 * unknown for them. Every row this run writes records the version it was scored with (heat_history.model, carried to
 * heat_daily_ranks.model), so a later run after a promotion rewrites the window under the new version, and the
 * evaluation's published basis counts each day for the version that actually computed it.
 */
export async function recomputePastDays(
  db: Db,
  options: { fromDay: string; toDay: string; onProgress?: (done: number) => void; now?: Date },
): Promise<PastDaysResult> {
  const started = performance.now();
  const model = await getScoringModel(db, options.now ?? new Date(), { ensure: true });
  const versions = { project: model.version, sector: SECTOR_MODEL_VERSION };
  const first = toDayNumber(options.fromDay);
  const last = toDayNumber(options.toDay);
  const perDay: ScoredProject[][] = Array.from({ length: last - first + 1 }, () => []);
  const since = toDayString(first - LOOKBACK_DAYS);
  let projects = 0;
  let inserted = 0;
  let updated = 0;
  let afterId = '';
  await withTransaction(db, async (tx) => {
    for (;;) {
      const page = await selectPastProjectsPage(tx, afterId, PAGE);
      if (page.length === 0) break;
      const values = await selectDailyValues(tx, page[0]?.id as string, page[page.length - 1]?.id as string, since);
      const byProject = groupDailySeries(values);
      const rows: PastHistoryRow[] = [];
      for (const project of page) {
        const series = byProject.get(project.id);
        if (!series) continue;
        let previous: number | null = null;
        for (let day = first; day <= last; day++) {
          const at = toPastDayTime(day);
          if (project.listedAtMs !== null && project.listedAtMs > at.getTime()) continue; // not listed yet
          const signals = {
            ...toPastDaySignals(series, day),
            listedAt: project.listedAtMs === null ? null : new Date(project.listedAtMs),
            status: 'active' as const,
            verified: project.isVerified,
          };
          const evidence = countEvidence(signals);
          if (!isScored(evidence)) continue;
          const heat = heatScore(signals, at, model);
          // No social input has history: the row's social score is unknown (a gap in the chart's social line, never
          // the formula's base 50), and null for the sector formula too (its heat mean then takes the whole weight).
          const social = socialScore(signals).score;
          const contributions = toHistoryContributions(heat.breakdown);
          rows.push({
            entityType: 'project',
            id: project.id,
            at,
            score: heat.score,
            social: null,
            signal: heat.score,
            contributions,
            breakdown: null,
          });
          perDay[day - first]?.push({
            id: project.id,
            category: project.category,
            score: heat.score,
            evidence,
            contributions,
            social,
            signal: heat.score,
            gain: previous === null ? null : heat.score - previous,
          });
          previous = heat.score;
        }
      }
      const written = await upsertBackfilledHistory(tx, rows, versions);
      inserted += written.inserted;
      updated += written.updated;
      projects += page.length;
      afterId = page[page.length - 1]?.id ?? afterId;
      options.onProgress?.(projects);
    }
    const sectorRows = await selectSectorNames(tx);
    let baseline = new Map<string, number>();
    const rows: PastHistoryRow[] = [];
    perDay.forEach((scored, i) => {
      const at = toPastDayTime(first + i);
      const { history } = computeSectorResults(sectorRows, scored, baseline);
      baseline = new Map(history.map((h) => [h.id, h.score]));
      for (const h of history) {
        rows.push({
          entityType: 'sector',
          id: h.id,
          at,
          score: h.score,
          social: null, // members have no social score on a past day (no social history): nothing to average
          signal: h.signal,
          contributions: null,
          breakdown: JSON.stringify(h.breakdown),
        });
      }
    });
    const written = await upsertBackfilledHistory(tx, rows, versions);
    inserted += written.inserted;
    updated += written.updated;
  });
  const scoredMs = performance.now() - started;
  await rankDays(db, options.fromDay, options.toDay);
  return {
    model: model.version,
    days: last - first + 1,
    projects,
    historyInserted: inserted,
    historyUpdated: updated,
    timingsMs: { score: Math.round(scoredMs), rank: Math.round(performance.now() - started - scoredMs) },
  };
}
