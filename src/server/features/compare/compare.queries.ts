import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectListColumns } from '../../db/project-columns.ts';
import { projectScores, projects, scoresOfProject } from '../../db/schema/index.ts';

/** The compared projects' directory rows, in one query (order is restored by the service). */
export function selectCompareRows(db: Db, ids: readonly string[]) {
  return db
    .select(projectListColumns)
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(inArray(projects.id, [...ids]));
}
