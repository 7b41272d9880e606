import type { Db } from '../../db/client.ts';
import { escapeLiteral } from '../../db/sql-literal.ts';
import { type OnBatch, POSITIONS, streamRows, textArray } from './evaluation-inputs.queries.ts';

// The incremental evaluation's read: instead of every stored value of the window, PostgreSQL sums each project's
// observed values per signal over the few day segments the new cross-sections need, so ~10⁵ rows per signal come back
// instead of ~10⁵ per signal and day.

/** float4's largest finite value: the loader keeps values as float4, so larger ones are missing there too. */
const FLOAT4_MAX = '3.4028234663852886e38';

/**
 * Streams, per project and signal, the sum and count of the observed values (≥ 0 and finite, as float4 like the
 * loader's panel) in each segment (bounds[k], bounds[k + 1]] of `bounds` (ascending UTC days), as columns: project
 * position, signal as its position in `signals` from 0, then sum and count of each segment in turn. `pointSignals`
 * (prices) are read only on `pointDays`: their segments hold one value each there.
 */
export function streamSegmentSums(
  db: Db,
  options: {
    signals: readonly string[];
    bounds: readonly string[];
    pointSignals: readonly string[];
    pointDays: readonly string[];
  },
  onBatch: OnBatch,
): Promise<void> {
  const { signals, bounds, pointSignals, pointDays } = options;
  const day = (d: string) => `${escapeLiteral(d)}::date`;
  const segments = bounds
    .slice(1)
    .map(
      (_, k) =>
        `sum(x.v) FILTER (WHERE x.seg = ${k + 1}) AS s${k}, count(x.v) FILTER (WHERE x.seg = ${k + 1}) AS c${k}`,
    );
  const columns = bounds.slice(1).map((_, k) => `a.s${k}, a.c${k}::int4`);
  const points = pointDays.length > 0 ? `ARRAY[${pointDays.map(day).join(',')}]` : `ARRAY[]::date[]`;
  return streamRows(
    db,
    `SELECT pp.position, (array_position(${textArray(signals)}, a.signal) - 1)::int4, ${columns.join(', ')}
     FROM (
     SELECT x.project_id, x.signal, ${segments.join(', ')}
     FROM (
       SELECT d.project_id, d.signal, width_bucket(d.day - 1, ARRAY[${bounds.map(day).join(',')}]) AS seg,
         CASE WHEN d.value >= 0 AND d.value <= ${FLOAT4_MAX} THEN d.value::float4::float8 END AS v
       FROM daily_signals d
       WHERE d.signal = ANY(${textArray(signals)})
         AND d.day > ${day(bounds[0] as string)} AND d.day <= ${day(bounds[bounds.length - 1] as string)}
         AND (NOT d.signal = ANY(${textArray(pointSignals.length > 0 ? pointSignals : [''])}) OR d.day = ANY(${points}))
     ) x GROUP BY 1, 2
     ) a JOIN ${POSITIONS} pp ON pp.id = a.project_id`,
    ['int4', 'int4', ...bounds.slice(1).flatMap(() => ['float8', 'int4'] as const)],
    onBatch,
  );
}
