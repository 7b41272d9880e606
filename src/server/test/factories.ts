import type { Db } from '../db/client.ts';
import { projects, sectors } from '../db/schema/index.ts';

let sequence = 0;

/** Inserts one project with sensible defaults; any column may be overridden. */
export async function insertProject(db: Db, overrides: Partial<typeof projects.$inferInsert> = {}) {
  sequence++;
  const [row] = await db
    .insert(projects)
    .values({
      id: `test-project-${sequence}`,
      name: `Test Project ${sequence}`,
      symbol: `TP${sequence}`,
      category: 'DeFi',
      chains: ['Ethereum'],
      status: 'active',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertProject returned no row');
  return row;
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
