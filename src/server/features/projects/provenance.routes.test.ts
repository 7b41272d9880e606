import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Project, ProjectListResponse } from '../../../shared/api/projects.schema.ts';
import type { SectorDetailResponse, SectorListResponse } from '../../../shared/api/sectors.schema.ts';
import { projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';

const SAMPLE_AS_OF = '2025-06-30T00:00:00.000Z';

describe('provenance of displayed figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue: every market figure is a sample as of 2025-06-30
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => (await t.app.inject({ url })).json() as T;
  // Direct writes, as ingestion makes them: refresh the aggregates and drop cached lists, as its service does.
  const changed = async () => {
    await refreshSectorAggregates(t.db);
    await t.events.publish({ type: 'projects.updated' });
  };

  test('sectors say their total market cap is a sample, as of the oldest member value', async () => {
    const { items } = await get<SectorListResponse>('/api/sectors');
    const defi = items.find((s) => s.id === 'defi');

    expect(defi?.totalMarketCap).toBeGreaterThan(0);
    expect(defi?.marketSource).toEqual({ source: 'catalogue-sample', asOf: SAMPLE_AS_OF, sample: true });
    for (const sector of items) expect(sector.marketSource === null).toBe(sector.totalMarketCap === null);
    const detail = await get<SectorDetailResponse>('/api/sectors/defi');
    expect(detail.sector.marketSource).toEqual(defi?.marketSource);
  });

  test('a sector stays sample while any member value is a sample; live-only members give their source', async () => {
    const members = await t.db.select().from(projects).where(eq(projects.category, 'DeFi'));
    const live = { source: 'coingecko', asOf: '2026-11-24T05:00:00.000Z' };
    const [first, ...rest] = members.filter((p) => p.marketCap !== null);
    await t.db
      .update(projects)
      .set({ metricSources: { ...first!.metricSources, marketCap: live } })
      .where(eq(projects.id, first!.id));
    await changed();
    expect((await get<SectorDetailResponse>('/api/sectors/defi')).sector.marketSource).toMatchObject({ sample: true });

    for (const p of rest) {
      const older = { source: 'coingecko', asOf: '2026-11-24T04:00:00.000Z', stale: true };
      await t.db
        .update(projects)
        .set({ metricSources: { ...p.metricSources, marketCap: older } })
        .where(eq(projects.id, p.id));
    }
    await changed();

    expect((await get<SectorDetailResponse>('/api/sectors/defi')).sector.marketSource).toEqual({
      source: 'coingecko',
      asOf: '2026-11-24T04:00:00.000Z',
      stale: true,
    });
  });

  test('list items carry the market and X-followers sources; a project says when its data was last true', async () => {
    const list = await get<ProjectListResponse>('/api/projects?sort=market_cap&limit=5&category=Layer1');
    expect(list.items[0]?.marketSource).toEqual({ source: 'catalogue-sample', asOf: SAMPLE_AS_OF, sample: true });
    expect(list.items.every((p) => 'followersSource' in p)).toBe(true);

    const sampleOnly = await get<Project>('/api/projects/bitcoin');
    expect(sampleOnly.dataAsOf).toBe(SAMPLE_AS_OF);
    expect(sampleOnly.updatedAt).not.toBe(SAMPLE_AS_OF); // the row's write time is not what the page shows

    await t.db
      .update(projects)
      .set({
        metricSources: {
          marketCap: { source: 'catalogue-sample', asOf: SAMPLE_AS_OF, sample: true },
          devStars: { source: 'github', asOf: '2026-11-23T12:00:00.000Z' },
          followersTwitter: { source: 'x', asOf: '2026-11-20T08:00:00.000Z', stale: true },
        },
      })
      .where(eq(projects.id, 'bitcoin'));
    await changed();
    expect((await get<Project>('/api/projects/bitcoin')).dataAsOf).toBe('2026-11-23T12:00:00.000Z');

    await t.db.update(projects).set({ metricSources: {} }).where(eq(projects.id, 'bitcoin'));
    await changed();
    expect((await get<Project>('/api/projects/bitcoin')).dataAsOf).toBeNull();
  });
});
