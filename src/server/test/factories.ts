import { eq } from 'drizzle-orm';
import { countEvidence } from '../../shared/scoring/index.ts';
import type { Db } from '../db/client.ts';
import { projectScores, projects, sectors } from '../db/schema/index.ts';
import { toHeatSignals } from '../features/heat/heat.mappers.ts';

let sequence = 0;

type ScoreOverrides = Partial<
  Pick<typeof projectScores.$inferInsert, 'heatScore' | 'socialScore' | 'status' | 'evidenceCount'>
>;

/**
 * Inserts one project with sensible defaults; any column may be overridden, and so may its stored heat outputs
 * (heatScore, socialScore, status, evidenceCount: written to project_scores as a recompute would). Without a
 * heatScore the project is unscored, as the insert trigger leaves it (status null); with one, status defaults to
 * 'active'. evidenceCount defaults to the number of raw heat inputs the row has.
 */
export async function insertProject(db: Db, overrides: Partial<typeof projects.$inferInsert> & ScoreOverrides = {}) {
  sequence++;
  const { heatScore, socialScore, evidenceCount, ...rest } = overrides;
  const { status = heatScore === undefined || heatScore === null ? null : 'active', ...columns } = rest;
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
  const evidence = evidenceCount ?? countEvidence(toHeatSignals(toInputs(row), 'active'));
  const [scores] = await db
    .update(projectScores)
    .set({ heatScore, socialScore, status, evidenceCount: evidence })
    .where(eq(projectScores.projectId, row.id))
    .returning();
  if (!scores) throw new Error('insertProject: the insert trigger made no project_scores row');
  return {
    ...row,
    heatScore: scores.heatScore,
    socialScore: scores.socialScore,
    status: scores.status,
    evidenceCount: scores.evidenceCount,
  };
}

/** A projects row as the heat mapper reads it (only the signal columns matter for the evidence count). */
function toInputs(row: typeof projects.$inferSelect): Parameters<typeof toHeatSignals>[0] {
  return {
    ...row,
    listedAtMs: row.listedAt?.getTime() ?? null,
    storedHeat: null,
    storedSocial: null,
    storedStatus: null,
    storedEvidence: 0,
    storedModel: null,
    storedGain: null,
    storedRescoreAtMs: null,
    storedScoredVersion: -1,
    storedInputsVersion: 0,
    storedHash: null,
  };
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
