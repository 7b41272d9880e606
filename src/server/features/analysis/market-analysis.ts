import { recordAnomaly } from '../../../shared/analysis/anomalies.ts';
import { ANOMALY_CANDIDATES, MARKET_ANOMALIES, MARKET_MOVERS } from '../../../shared/analysis/constants.ts';
import { ANCHORS, FactBook } from '../../../shared/analysis/facts.ts';
import { recordMover } from '../../../shared/analysis/movers.ts';
import { recordRotation } from '../../../shared/analysis/rotation.ts';
import type { MarketAnalysisResponse, Mover } from '../../../shared/api/analysis.schema.ts';
import type { Db } from '../../db/client.ts';
import {
  type MoverRow,
  type RunRef,
  selectFirstRunAt,
  selectHottestIds,
  selectMarketMovers,
} from './analysis.queries.ts';
import {
  computeRunRotation,
  type DataVersion,
  findAnomalies,
  referenceTime,
  selectRuns,
  toRunMover,
} from './analysis-parts.ts';

type Sides = { up: Mover[]; down: Mover[] };

/** The top MARKET_MOVERS risers and fallers of one window, from the bounded mover rows. */
function toSides(rows: MoverRow[], window: Mover['window'], since: RunRef | null): Sides {
  if (!since) return { up: [], down: [] };
  const pick = (side: 'up' | 'down') =>
    rows
      .filter((r) => r.side === side && (side === 'up' ? r.change > 0 : r.change < 0))
      .slice(0, MARKET_MOVERS)
      .map((r) => toRunMover(r, window, since));
  return { up: pick('up'), down: pick('down') };
}

/**
 * The market's analysis: the biggest heat risers and fallers over 24 h and 7 d (one run joined with an earlier one,
 * top/bottom N in SQL), sector rotation over 7 days, and the largest anomalies among the ANOMALY_CANDIDATES projects
 * that are hottest or moved most in 24 h (anomaly windows for the whole catalogue would read 30 days of history for
 * 100,000 projects).
 */
export async function computeMarketAnalysis(db: Db, version: DataVersion): Promise<MarketAnalysisResponse> {
  const now = new Date();
  const ref = referenceTime(version);
  const runs = await selectRuns(db);
  const half = ANOMALY_CANDIDATES / 2;
  const befores = runs
    ? [
        ...(runs.day ? [{ window: 'day' as const, run: runs.day }] : []),
        ...(runs.week ? [{ window: 'week' as const, run: runs.week }] : []),
      ]
    : [];
  // Day movers beyond the top MARKET_MOVERS are anomaly candidates too (ANOMALY_CANDIDATES / 4 per side).
  const [moverRows, rotation, hottest, firstRunMs] = await Promise.all([
    runs ? selectMarketMovers(db, runs.latest, befores, half / 2) : Promise.resolve([]),
    computeRunRotation(db, runs),
    selectHottestIds(db, half),
    runs ? selectFirstRunAt(db) : Promise.resolve(null),
  ]);
  const dayRows = moverRows.filter((r) => r.window === 'day');
  const weekRows = moverRows.filter((r) => r.window === 'week');
  const facts = new FactBook(version.atMs === null ? null : new Date(version.atMs).toISOString());
  const movers = {
    day: toSides(dayRows, 'day', runs?.day ?? null),
    week: toSides(weekRows, 'week', runs?.week ?? null),
  };
  for (const window of ['day', 'week'] as const) {
    for (const m of [...movers[window].up, ...movers[window].down]) {
      recordMover(facts, `market.mover.${window}.${m.projectId}`, m);
    }
  }
  recordRotation(facts, rotation);
  const candidates = [...new Set([...dayRows.map((r) => r.id), ...hottest])];
  const anomalies = (await findAnomalies(db, candidates, ref)).slice(0, MARKET_ANOMALIES);
  for (const { anomaly, source } of anomalies) {
    const origin = source === 'heatrank' ? undefined : { source, asOf: anomaly.at };
    recordAnomaly(facts, `market.anomaly.${anomaly.projectId}`, anomaly, origin);
  }
  // Whole days of history behind the latest run (a run 24 h before it makes 1): what fills the page in, and when.
  const historyDays = firstRunMs === null || !runs ? 0 : Math.floor((runs.latest.atMs - firstRunMs) / 86_400_000);
  if (runs) facts.add('history.days', historyDays, 'days', ANCHORS.movers);
  return {
    dataVersion: version.dataVersion,
    computedAt: now.toISOString(),
    movers,
    rotation,
    anomalies: anomalies.map((a) => a.anomaly),
    facts: facts.list(),
    history: {
      firstRunAt: firstRunMs === null ? null : new Date(firstRunMs).toISOString(),
      days: historyDays,
    },
  };
}
