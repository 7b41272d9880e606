import { ANALYSIS_CACHE_SIZE } from '../../../shared/analysis/constants.ts';
import type {
  MarketAnalysisResponse,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { selectRunAtOrBefore } from './analysis.queries.ts';
import type { DataVersion } from './analysis-parts.ts';
import { computeMarketAnalysis } from './market-analysis.ts';
import { computeProjectAnalysis } from './project-analysis.ts';
import { computeSectorAnalysis } from './sector-analysis.ts';

/** The deterministic analytics (docs/analysis.md "Analytics"); null = unknown project or sector. */
export type AnalysisService = {
  project(id: string, full: boolean): Promise<ProjectAnalysisResponse | null>;
  sector(id: string, full: boolean): Promise<SectorAnalysisResponse | null>;
  market(): Promise<MarketAnalysisResponse>;
};

const LOCK = { feature: 'heat_analytics', requiredLevel: 'premium' } as const;
const SUMMARY_FACTS = new Set([
  'heat.score',
  'heat.change24h',
  'heat.change7d',
  'anomaly.count',
  'risk.count',
  'sector.share',
  'sector.shareChange7d',
  'sector.shareBefore7d',
]);

/** Facts every level may see: the summary's numbers and the breakdown (public on the heat route anyway). */
export const isSummaryFact = (key: string) => SUMMARY_FACTS.has(key) || key.startsWith('breakdown.');

/** The answer for a level without 'heat_analytics': the summary, `full` withheld, and only the summary's facts. */
function toLockedView<T extends ProjectAnalysisResponse | SectorAnalysisResponse>(answer: T, full: boolean): T {
  if (full) return answer;
  return { ...answer, full: null, locked: LOCK, facts: answer.facts.filter((f) => isSummaryFact(f.key)) };
}

/** The data version: the newest heat history row's time (every heat run writes one per project), or 'none'. */
export async function getDataVersion(db: Db): Promise<DataVersion> {
  const run = await selectRunAtOrBefore(db);
  return run ? { dataVersion: new Date(run.atMs).toISOString(), atMs: run.atMs } : { dataVersion: 'none', atMs: null };
}

/** A bounded LRU of pending or finished computations; a failed or null one is dropped so the next call retries. */
function createLru(size: number) {
  const entries = new Map<string, Promise<unknown>>();
  return function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) {
      entries.delete(key);
      entries.set(key, hit); // most recently used last
      return hit;
    }
    const pending = compute();
    entries.set(key, pending);
    pending.then(
      (value) => {
        if (value === null) entries.delete(key);
      },
      () => entries.delete(key),
    );
    while (entries.size > size) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return pending;
  };
}

/**
 * The analytics over `deps.db`, computed once per (kind, id, data version) and kept in a bounded in-memory LRU.
 * Correct across instances: the key's data version is read from the database on every call, so a new heat run makes
 * every instance compute afresh. `full: false` is the same computation with `full` and the full-only facts withheld.
 */
export function createAnalysisService(db: Db, cacheSize = ANALYSIS_CACHE_SIZE): AnalysisService {
  const remember = createLru(cacheSize);
  return {
    async project(id, full) {
      const version = await getDataVersion(db);
      const answer = await remember(`project:${id}:${version.dataVersion}`, () =>
        computeProjectAnalysis(db, id, version),
      );
      return answer && toLockedView(answer, full);
    },
    async sector(id, full) {
      const version = await getDataVersion(db);
      const answer = await remember(`sector:${id.toLowerCase()}:${version.dataVersion}`, () =>
        computeSectorAnalysis(db, id, version),
      );
      return answer && toLockedView(answer, full);
    },
    async market() {
      const version = await getDataVersion(db);
      return remember(`market::${version.dataVersion}`, () => computeMarketAnalysis(db, version));
    },
  };
}

const services = new WeakMap<Db, AnalysisService>();

/**
 * The one analysis service of an app, so routes and briefs share one cache. Memoised on `deps.db`, not on the deps
 * object itself: Fastify hands every plugin its own copy of the options (`{ prefix, ...deps }`), the db is the same.
 */
export function analysisServiceFor(deps: Pick<AppDeps, 'db'>): AnalysisService {
  let service = services.get(deps.db);
  if (!service) {
    service = createAnalysisService(deps.db);
    services.set(deps.db, service);
  }
  return service;
}
