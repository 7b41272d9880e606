import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SearchQuerySchema } from '../../../shared/api/search.schema.ts';
import { queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type FacetRow, type SearchFilters, selectFacets } from './search.queries.ts';
import { canCountFromScores, selectScoreFacets } from './search-facets.queries.ts';

const sorted = (rows: FacetRow[]) =>
  [...rows].sort((a, b) => `${a.facet}:${a.value}`.localeCompare(`${b.facet}:${b.value}`));

describe('facet counts from the narrow tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    // Sectors × chain sets × heat (unscored included) × status: every facet has several values.
    const chainSets = [['Ethereum'], ['Ethereum', 'Arbitrum'], ['Solana'], [], ['Base', 'Ethereum']];
    const categories = ['DeFi', 'Gaming', 'Layer1'];
    const statuses = ['active', 'trending', 'rising'] as const;
    for (let i = 0; i < 45; i++) {
      const scored = i % 7 !== 0;
      await insertProject(t.db, {
        category: categories[i % 3],
        chains: chainSets[i % 5],
        heatScore: scored ? 20 + ((i * 13) % 70) : null,
        status: scored ? statuses[i % 3] : null,
      });
    }
  });
  afterAll(() => t.close());

  const combos: SearchFilters[] = [
    { category: 'DeFi', chain: 'Ethereum', heatMin: 40 },
    { chain: 'Ethereum' },
    { category: 'Gaming' },
    { heatMin: 30, heatMax: 70 },
    { status: 'trending', chain: 'Arbitrum' },
    { category: 'Layer1', chain: 'Solana', status: 'active', heatMin: 0 },
    { chain: 'Nowhere' },
  ];

  test.each(combos)('counts exactly what the single pass over projects counts: %o', async (filters) => {
    const fromScores = await selectScoreFacets(t.db, filters);
    const general = await selectFacets(t.db, undefined, filters);

    expect(sorted(fromScores)).toEqual(sorted(general));
  });

  test('applies only to searches without text whose filters all live on the scores row', () => {
    expect(canCountFromScores(false, { category: 'DeFi', chain: 'Ethereum', heatMin: 40, status: undefined })).toBe(
      true,
    );
    expect(canCountFromScores(true, { category: 'DeFi' })).toBe(false);
    expect(canCountFromScores(false, { category: 'DeFi', verified: true })).toBe(false);
    expect(canCountFromScores(false, { marketCapMin: 1 })).toBe(false);
    // The service passes the parsed query's other fields along with the filters: they are no filters.
    const asFilters = (query: Record<string, string>) => ({
      ...SearchQuerySchema.parse(query),
      listedSince: undefined,
    });
    expect(
      canCountFromScores(false, asFilters({ category: 'DeFi', chain: 'Ethereum', heatMin: '40', sort: 'heat' })),
    ).toBe(true);
    expect(canCountFromScores(false, asFilters({ category: 'DeFi', verified: 'true' }))).toBe(false);
  });

  test('the chain members follow every change of projects.chains: insert, edit, rename, delete', async () => {
    const members = async (id: string) =>
      (
        await queryRows<{ chain: string }>(
          t.db,
          sql`SELECT chain FROM project_chain_members WHERE project_id = ${id} ORDER BY chain`,
        )
      ).map((r) => r.chain);
    const project = await insertProject(t.db, { id: 'moving', chains: ['Ethereum', 'Base'] });
    const inserted = await members(project.id);

    await t.db
      .update(projects)
      .set({ chains: ['Base', 'Solana'] })
      .where(eq(projects.id, 'moving'));
    const edited = await members('moving');
    await t.db
      .update(projects)
      .set({ id: 'moved', chains: ['Sui'] })
      .where(eq(projects.id, 'moving'));
    const renamed = [await members('moving'), await members('moved')];
    await t.db.update(projects).set({ chains: [] }).where(eq(projects.id, 'moved'));
    const emptied = await members('moved');
    await t.db
      .update(projects)
      .set({ chains: ['Aptos'] })
      .where(eq(projects.id, 'moved'));
    await t.db.delete(projects).where(eq(projects.id, 'moved'));
    const deleted = await members('moved');

    expect(inserted).toEqual(['Base', 'Ethereum']);
    expect(edited).toEqual(['Base', 'Solana']);
    expect(renamed).toEqual([[], ['Sui']]);
    expect(emptied).toEqual([]);
    expect(deleted).toEqual([]);
  });

  test('every project is a member of exactly its chains', async () => {
    const [row] = await queryRows<{ mismatched: number }>(
      t.db,
      sql`SELECT count(*)::int AS mismatched FROM projects AS p
        WHERE ARRAY(SELECT DISTINCT c FROM unnest(p.chains) AS c ORDER BY 1) IS DISTINCT FROM
          ARRAY(SELECT m.chain FROM project_chain_members AS m WHERE m.project_id = p.id ORDER BY 1)`,
    );

    expect(row?.mismatched).toBe(0);
  });
});
