import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectScores, projects, sectors } from '../db/schema/index.ts';

let sequence = 0;

type ScoreOverrides = Partial<Pick<typeof projectScores.$inferInsert, 'heatScore' | 'socialScore' | 'status'>>;

/**
 * Inserts one project with sensible defaults; any column may be overridden, and so may its stored heat outputs
 * (heatScore, socialScore, status: written to project_scores as a recompute would; status defaults to 'active').
 */
export async function insertProject(db: Db, overrides: Partial<typeof projects.$inferInsert> & ScoreOverrides = {}) {
  sequence++;
  const { heatScore, socialScore, status = 'active', ...columns } = overrides;
  const [row] = await db
    .insert(projects)
    .values({
      id: `test-project-${sequence}`,
      name: `Test Project ${sequence}`,
      symbol: `TP${sequence}`,
      category: 'DeFi',
      chains: ['Ethereum'],
      ...columns,
    })
    .returning();
  if (!row) throw new Error('insertProject returned no row');
  const [scores] = await db
    .update(projectScores)
    .set({ heatScore, socialScore, status })
    .where(eq(projectScores.projectId, row.id))
    .returning();
  if (!scores) throw new Error('insertProject: the insert trigger made no project_scores row');
  return { ...row, heatScore: scores.heatScore, socialScore: scores.socialScore, status: scores.status };
}

/** Inserts one sector with sensible defaults. */
export async function insertSector(db: Db, overrides: Partial<typeof sectors.$inferInsert> = {}) {
  sequence++;
  const [row] = await db
    .insert(sectors)
    .values({ id: `test-sector-${sequence}`, name: `Test Sector ${sequence}`, ...overrides })
    .returning();
  if (!row) throw new Error('insertSector returned no row');
  return row;
}
