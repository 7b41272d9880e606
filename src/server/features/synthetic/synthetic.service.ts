import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { loadCatalogueSectors } from '../catalogue/catalogue.service.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import { generateSyntheticProject } from './synthetic-generator.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { generateSyntheticProject } from './synthetic-generator.ts';

const BATCH = 1_000; // ~33 columns × 1,000 rows stays under Postgres' 65,535 bind parameters

export type SeedSyntheticOptions = {
  count: number;
  seed: number;
  now: Date;
  onProgress?: (done: number) => void;
};

/** Counts real (non-synthetic) projects: the seeder refuses to mix into a real catalogue unless told to. */
export async function countRealProjects(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM projects WHERE NOT is_synthetic`);
  return rows[0]?.n ?? 0;
}

/**
 * Fills the database with `count` deterministic synthetic projects (multi-row upserts on id) plus the catalogue's
 * sectors, then refreshes sector aggregates. Re-running with the same seed rewrites the same rows.
 */
export async function seedSynthetic(db: Db, options: SeedSyntheticOptions): Promise<{ inserted: number }> {
  await loadCatalogueSectors(db);
  for (let start = 0; start < options.count; start += BATCH) {
    const size = Math.min(BATCH, options.count - start);
    const rows = Array.from({ length: size }, (_, i) => generateSyntheticProject(options.seed, start + i, options.now));
    await db.insert(projects).values(rows).onConflictDoNothing({ target: projects.id });
    options.onProgress?.(start + size);
  }
  await refreshSectorAggregates(db);
  return { inserted: options.count };
}

/** Removes every synthetic project. */
export async function deleteSynthetic(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM projects WHERE is_synthetic`);
  await refreshSectorAggregates(db);
}
