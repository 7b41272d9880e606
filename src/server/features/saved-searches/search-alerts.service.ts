import { SEARCH_ALERT_TRACKED_RESULTS } from '../../../shared/api/saved-searches.schema.ts';
import { canUse, computeEffectiveLevel } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type NewNotification, notify } from '../notifications/notify.service.ts';
import { listSearchMatches } from '../search/search.service.ts';
import { parseStoredQuery, searchLink } from './saved-query.ts';
import * as q from './saved-searches.queries.ts';

/** A notification lists this many of the projects it reports (and the count of all of them). */
export const SEARCH_ALERT_LISTED_PROJECTS = 5;

/** `skipped`: alerts whose owner's level no longer includes search alerts (kept, dormant until they have it again). */
export type SearchAlertsResult = { evaluated: number; notified: number; skipped: number; failed: number };
type Result = { id: string; name: string; heatScore: number | null };
type Reason = 'new_results' | 'heat_threshold';

/** What one pass finds, against the baseline: results never seen before, and results that crossed the threshold. */
export function compareWithBaseline(
  results: readonly Result[],
  baseline: ReadonlyMap<string, boolean>,
  threshold: number | null,
): { fresh: Result[]; crossed: Result[]; next: { projectId: string; aboveThreshold: boolean }[] } {
  const isAbove = (r: Result) => threshold !== null && r.heatScore !== null && r.heatScore >= threshold;
  return {
    fresh: results.filter((r) => !baseline.has(r.id)),
    // Only a result already seen crosses: a new one is reported as new, with its current side recorded.
    crossed: results.filter((r) => baseline.get(r.id) === false && isAbove(r)),
    next: results.map((r) => ({ projectId: r.id, aboveThreshold: isAbove(r) })),
  };
}

/**
 * After each recompute: every search alert re-runs its saved query through the search service (never counted against
 * the owner's search quota) and compares its top SEARCH_ALERT_TRACKED_RESULTS with its baseline. The first pass
 * (evaluatedAt null) records the baseline only. Later passes notify once per reason (new results; results whose heat
 * crossed the threshold upwards), then move the baseline. One search's failure is counted and the others still run.
 * An owner whose level no longer includes search alerts (a plan ran out) is skipped: the alert stays, dormant.
 */
export async function evaluateSearchAlerts(
  db: Db,
  now: Date,
  log?: (error: unknown, savedSearchId: string) => void,
): Promise<SearchAlertsResult> {
  const result: SearchAlertsResult = { evaluated: 0, notified: 0, skipped: 0, failed: 0 };
  for (const { search, ...plan } of await q.selectAlertSearches(db)) {
    if (!canUse(computeEffectiveLevel(plan, now), 'search_alerts')) {
      result.skipped += 1;
      continue;
    }
    try {
      result.notified += await evaluateOne(db, search, now);
      result.evaluated += 1;
    } catch (error) {
      result.failed += 1;
      log?.(error, search.id);
    }
  }
  return result;
}

async function evaluateOne(db: Db, search: q.SavedSearchRow, now: Date): Promise<number> {
  const query = parseStoredQuery(search.query);
  if (!query) throw new Error(`saved search ${search.id} holds a query the search refuses`);
  const results = await listSearchMatches(db, query, SEARCH_ALERT_TRACKED_RESULTS);
  return withTransaction(db, async (tx) => {
    // Changed (or switched off) by its owner since it was read: its next pass handles the new version.
    const locked = await q.selectSearchForUpdate(tx, search.id);
    if (!locked?.alertEnabled || locked.updatedAt.getTime() !== search.updatedAt.getTime()) return 0;
    const baseline = new Map((await q.selectBaseline(tx, search.id)).map((r) => [r.projectId, r.aboveThreshold]));
    const { fresh, crossed, next } = compareWithBaseline(results, baseline, search.alertHeatThreshold);
    const firstPass = search.evaluatedAt === null;
    const rows: NewNotification[] = [];
    if (!firstPass) {
      if (fresh.length > 0) rows.push(toNotification(search, 'new_results', fresh, now));
      if (crossed.length > 0) rows.push(toNotification(search, 'heat_threshold', crossed, now));
    }
    await q.writeBaseline(tx, search.id, next, now);
    const added = await notify(tx, rows);
    await q.markEvaluated(tx, search.id, now, rows.length > 0);
    return added;
  });
}

function toNotification(search: q.SavedSearchRow, reason: Reason, found: Result[], now: Date): NewNotification {
  return {
    userId: search.userId,
    kind: 'search_alert',
    params: {
      savedSearchId: search.id,
      name: search.name,
      reason,
      projects: found.slice(0, SEARCH_ALERT_LISTED_PROJECTS).map((p) => ({ id: p.id, name: p.name })),
      count: found.length,
      ...(reason === 'heat_threshold' ? { threshold: search.alertHeatThreshold } : {}),
    },
    link: searchLink(search.query),
    dedupeKey: `search:${search.id}:${reason}:${now.toISOString()}`,
  };
}
