import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { refreshTableStatistics } from '../db/maintenance.ts';
import { startDeliveries } from '../features/alerts/deliveries.service.ts';
import { evaluateAlerts } from '../features/alerts/evaluate.service.ts';
import type { RecomputeResult } from '../features/heat/recompute.service.ts';
import { evaluateSearchAlerts } from '../features/saved-searches/search-alerts.service.ts';
import { refreshSearchSuggestions } from '../features/search/search.service.ts';
import { refreshDailyRanks } from '../features/trend/trend.service.ts';
import type { ResponseCache } from '../plugins/response-cache.ts';

/** The large tables a recompute writes: what maintenance after a run refreshes. */
export const RECOMPUTE_WRITTEN_TABLES = ['project_scores', 'heat_history'] as const;

export type AfterRecomputeDeps = Pick<AppDeps, 'db' | 'dbKind'> & {
  events: Pick<AppDeps['events'], 'publish'>;
  /** This process's response cache; a CLI has none (other processes drop theirs on the event). */
  cache?: Pick<ResponseCache, 'invalidate'>;
  /**
   * With a config and the process's mailer (the scheduled job), fired alerts' deliveries start at once instead of on
   * the next minute.
   */
  config?: AppDeps['config'];
  mailer?: AppDeps['mailer'];
  /** Where a failed follow-up step (alerts, search alerts) is reported; it never fails the recompute. */
  log?: FastifyBaseLogger;
};

/**
 * The one step after every recompute (the scheduled job, `npm run recompute`, the first start): the run's day of the
 * trend is re-ranked (trend/trend.service.ts), table maintenance, the stored suggestions of common prefixes are
 * rewritten from the new heat (search/search.service.ts), then every alert is evaluated against the new heat
 * (docs/alert-evaluation.md), this process's cached responses are dropped and every instance is told
 * (`heat.recomputed`), and the search alerts run (saved-searches/search-alerts.service.ts).
 */
export async function afterRecompute(deps: AfterRecomputeDeps, result: RecomputeResult): Promise<void> {
  await bestEffort(deps, 'trend ranks not refreshed after the recompute', () =>
    refreshDailyRanks(deps.db, new Date(result.at)),
  );
  await maintainAfterRecompute(deps, result);
  await bestEffort(deps, 'search suggestions not refreshed after the recompute', () =>
    refreshSearchSuggestions(deps.db, new Date(result.at)),
  );
  await evaluateAlertsAfter(deps, result);
  deps.cache?.invalidate();
  await deps.events.publish({ type: 'heat.recomputed', asOf: result.at });
  await runSearchAlerts(deps, new Date(result.at));
}

/** A follow-up step whose failure is logged: the run's scores stand and the other steps still run. */
async function bestEffort(deps: AfterRecomputeDeps, message: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    deps.log?.error({ err }, message);
  }
}

/** Search alerts (saved-searches/search-alerts.service.ts) against the fresh heat; a failure is logged, never thrown. */
async function runSearchAlerts(deps: AfterRecomputeDeps, now: Date): Promise<void> {
  try {
    const log = (err: unknown, savedSearchId: string) =>
      deps.log?.error({ err, savedSearchId }, 'search alert not evaluated');
    await evaluateSearchAlerts(deps.db, now, log);
  } catch (err) {
    deps.log?.error({ err }, 'search alerts not evaluated');
  }
}

/**
 * Maintenance after a run, outside its transaction. PGlite has no autovacuum: after rewriting a large share of the
 * scores (in place, or as a rebuilt table that has no statistics yet), reclaim dead rows and refresh statistics. A
 * small change is left for the next large one; PostgreSQL's autovacuum does this by itself.
 */
async function maintainAfterRecompute(deps: Pick<AppDeps, 'db' | 'dbKind'>, result: RecomputeResult): Promise<void> {
  if (deps.dbKind === 'pglite' && result.projectsChanged > result.projects / 10) {
    await refreshTableStatistics(deps.db, deps.dbKind, RECOMPUTE_WRITTEN_TABLES);
  }
}

/**
 * Alerts after a run, under the heat job's lock. A failure is logged and the recompute stands (its scores are
 * committed): the next run evaluates again, and an alert that should have fired then still fires (its state is
 * unchanged, the evaluation being one transaction).
 */
async function evaluateAlertsAfter(deps: AfterRecomputeDeps, result: RecomputeResult): Promise<void> {
  const now = new Date(result.at);
  try {
    const outcome = await evaluateAlerts(deps.db, now);
    const { config, mailer } = deps;
    if (outcome.deliveries > 0 && config && mailer)
      startDeliveries({ db: deps.db, config, mailer, log: deps.log }, now);
  } catch (error) {
    if (deps.log) deps.log.error({ err: error }, 'alert evaluation after the recompute failed');
    else console.error('alert evaluation after the recompute failed:', error instanceof Error ? error.message : error);
  }
}
