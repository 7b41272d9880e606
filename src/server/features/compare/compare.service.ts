import type { MetricSource } from '../../../shared/api/common.schema.ts';
import type { CompareResponse } from '../../../shared/api/compare.schema.ts';
import type { TrendRange } from '../../../shared/api/heat.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { getProjectHeat, getProjectHistory } from '../heat/heat.service.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import { selectCompareRows } from './compare.queries.ts';

/**
 * 2–5 projects side by side. The figures come from one set query; the breakdown and history reuse the heat service
 * (the same bodies as GET /api/projects/:id/heat and /history), a bounded few queries per id, run in parallel.
 * Throws PROJECT_NOT_FOUND naming the first unknown id, before any per-project work.
 */
export async function compareProjects(
  db: Db,
  ids: readonly string[],
  range: TrendRange,
  now: Date,
): Promise<CompareResponse> {
  const rows = await selectCompareRows(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError('PROJECT_NOT_FOUND', { id: missing });
  const items = await Promise.all(
    ids.map(async (id) => {
      const row = byId.get(id) as (typeof rows)[number];
      const [heat, history] = await Promise.all([getProjectHeat(db, id, now), getProjectHistory(db, id, range, now)]);
      const metricSources = Object.fromEntries(
        Object.entries(row.metricSources).filter((entry): entry is [string, MetricSource] => entry[1] !== undefined),
      );
      return { project: toProjectListItem(row), metricSources, heat, history };
    }),
  );
  return { range, items };
}
