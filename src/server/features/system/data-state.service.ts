import { SAMPLE_SOURCE } from '../../../shared/api/common.schema.ts';
import {
  type DataSource,
  type DataSourceState,
  type DataStateResponse,
  EXTERNAL_SOURCES,
  type ExternalSource,
  type FiguresState,
} from '../../../shared/api/data-state.schema.ts';
import { SOURCE_REFRESH_MS, STALE_AFTER_INTERVALS } from '../../../shared/staleness.ts';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { type SourceEvidenceRow, selectSourceEvidence } from '../../runs/source-evidence.ts';

/** The source of the market figures (price, market cap, volume) every list shows. */
const MARKET_SOURCE = 'coingecko';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A source's state at `now`: live within STALE_AFTER_INTERVALS × its refresh interval of its newest data. */
export function toDataSource(source: ExternalSource, row: SourceEvidenceRow | undefined, now: Date): DataSource {
  const windowMs = STALE_AFTER_INTERVALS * (SOURCE_REFRESH_MS[source] ?? 24 * HOUR_MS);
  const newest = Math.max(row?.run_ms ?? Number.NEGATIVE_INFINITY, row?.data_ms ?? Number.NEGATIVE_INFINITY);
  const lastSuccessMs = Number.isFinite(newest) ? newest : null;
  let state: DataSourceState = 'never';
  if (lastSuccessMs !== null) state = now.getTime() - lastSuccessMs <= windowMs ? 'live' : 'stale';
  return { source, state, lastSuccessAt: iso(lastSuccessMs), windowHours: windowMs / HOUR_MS };
}

/**
 * The instance's data state at `now` (DataStateResponseSchema): per external source live, stale or never reached,
 * and whether the market figures shown are live, stale, the catalogue sample, or nothing. Reads only the database,
 * so two instances on one database give the same answer.
 */
export async function getDataState(db: Db, now: Date): Promise<DataStateResponse> {
  const rows = await selectSourceEvidence(db);
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const sources = EXTERNAL_SOURCES.map((source) => toDataSource(source, bySource.get(source), now));
  const sampleRow = bySource.get(SAMPLE_SOURCE);
  const sample =
    sampleRow && sampleRow.projects > 0 && sampleRow.data_ms !== null
      ? { projects: sampleRow.projects, asOf: new Date(sampleRow.data_ms).toISOString() }
      : null;
  const market = sources.find((s) => s.source === MARKET_SOURCE);
  let figures: FiguresState;
  if (market?.state === 'live' || market?.state === 'stale') figures = market.state;
  else figures = sample ? 'sample' : 'none';
  const figuresAsOf = figures === 'sample' ? (sample?.asOf ?? null) : (market?.lastSuccessAt ?? null);
  return { asOf: now.toISOString(), figures, figuresAsOf, sample, sources };
}

/** The response-cache key of the data state. */
export function dataStateCacheKey(): string {
  return 'data-state';
}
