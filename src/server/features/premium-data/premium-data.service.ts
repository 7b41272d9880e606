import {
  SOURCE_HISTORY_SIGNALS,
  type SourceHistoryResponse,
  type SourceHistorySeries,
} from '../../../shared/api/premium-data.schema.ts';
import { SOURCE_HISTORY_RANGES, type SourceHistoryRange } from '../../../shared/api/premium-data.values.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { selectDailySignals, selectProjectExists } from './premium-data.queries.ts';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A project's daily source history over `range` (the last 90 or 365 UTC days up to `now`'s day): one series per
 * signal with stored days, each with its source and as-of; a signal without a stored day is left out (never zeros).
 * The caller has checked premium_data. Throws PROJECT_NOT_FOUND.
 */
export async function getSourceHistory(
  db: Db,
  params: { projectId: string; range: SourceHistoryRange; now: Date },
): Promise<SourceHistoryResponse> {
  const { projectId, range, now } = params;
  if (!(await selectProjectExists(db, projectId))) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const to = isoDay(now.getTime());
  const from = isoDay(Date.parse(`${to}T00:00:00.000Z`) - (SOURCE_HISTORY_RANGES[range] - 1) * DAY_MS);
  const rows = await selectDailySignals(db, { projectId, signals: SOURCE_HISTORY_SIGNALS, from, to });
  const bySignal = new Map<string, SourceHistorySeries>();
  for (const row of rows) {
    let series = bySignal.get(row.signal);
    if (!series) {
      series = { signal: row.signal as SourceHistorySeries['signal'], source: row.source, asOf: '', points: [] };
      bySignal.set(row.signal, series);
    }
    series.points.push({ day: row.day, value: row.value });
    // A series' source is its newest day's (a source change keeps the older days' values as they were read).
    series.source = row.source;
    const fetched = row.fetchedAt.toISOString();
    if (fetched > series.asOf) series.asOf = fetched;
  }
  const series = SOURCE_HISTORY_SIGNALS.flatMap((signal) => bySignal.get(signal) ?? []);
  return { projectId, range, from, to, series };
}
