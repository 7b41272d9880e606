import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { SECTORS } from './category-map.ts';
import { runIngestionSource } from './ingestion.service.ts';

// ../shared/data/projects.json relative to the repository root: 3,058 real protocols (test-only; see its README).
const DATA_FILE = fileURLToPath(new URL('../../../../../shared/data/projects.json', import.meta.url));

type Registry = {
  defillamaId: string;
  id: string;
  name: string;
  symbol: string | null;
  category: string;
  chains: string[];
  website: string | null;
  twitter: string | null;
  github: string[];
  logo: string | null;
  geckoId: string | null;
  listedAt: string | null;
  tvlUsd: number | null;
  derivedFields: string[];
};

/** The registry rows in the shape of DefiLlama's /protocols (api-shapes §2a); inherited gecko ids are not served. */
function toProtocols(rows: Registry[]) {
  return rows.map((p) => ({
    id: p.defillamaId,
    name: p.name,
    symbol: p.symbol ?? '-',
    url: p.website ?? '',
    slug: p.id,
    category: p.category,
    chains: p.chains,
    chain: p.chains[0] ?? 'Multi-Chain',
    twitter: p.twitter,
    github: p.github,
    logo: p.logo,
    gecko_id: p.derivedFields.includes('geckoId:parent') ? null : p.geckoId,
    listedAt: p.listedAt ? Date.parse(p.listedAt) / 1000 : undefined,
    tvl: p.tvlUsd ?? 0,
    chainTvls: {},
    change_1d: null,
  }));
}

describe.skipIf(!existsSync(DATA_FILE))('DefiLlama discovery at scale (../shared/data/projects.json)', () => {
  let t: TestApp;
  let fake: FakeServer;
  let registry: Registry[];

  beforeAll(async () => {
    registry = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as Registry[];
    const body = JSON.stringify(toProtocols(registry));
    fake = await startFakeServer(() => ({ raw: body }));
    t = await buildTestApp({ env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url, INGEST_TIMEOUT_MS: '10000' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  test('every live protocol is discovered once, mapped to a sector, with no duplicates on a second run', async () => {
    const deps = { db: t.db, config: t.config, events: t.events };
    const [{ n: before } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM projects`,
    );

    const first = await runIngestionSource(deps, 'defillama', 'cli');

    expect(first.failed).toBe(false);
    expect(first.counts).toMatchObject({
      protocols: registry.length,
      invalid: 0,
      skippedDead: 0,
      unmappedCategories: 0,
    });
    // The registry holds a few protocols listed twice under two ids (same slug and website, e.g. an upper-cased
    // name): the second of each updates the first's project and is counted as a duplicate, never a second project.
    const duplicates = first.counts.duplicates ?? 0;
    expect(duplicates).toBeLessThan(10);
    expect((first.counts.inserted ?? 0) + (first.counts.linked ?? 0) + duplicates).toBe(registry.length);
    const [linked] = await queryRows<{ n: number; distinct: number }>(
      t.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT defillama_id)::int AS distinct FROM projects WHERE defillama_id IS NOT NULL`,
    );
    expect(linked).toEqual({ n: registry.length - duplicates, distinct: registry.length - duplicates });
    const sectors = await queryRows<{ category: string }>(
      t.db,
      sql`SELECT DISTINCT category FROM projects WHERE defillama_id IS NOT NULL`,
    );
    expect(sectors.map((s) => s.category).filter((c) => !(SECTORS as readonly string[]).includes(c))).toEqual([]);
    const [{ n: after } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM projects`,
    );
    expect(after).toBe(before + (first.counts.inserted ?? 0));

    const second = await runIngestionSource(deps, 'defillama', 'cli');

    expect(second.counts).toMatchObject({ inserted: 0, linked: registry.length - duplicates, duplicates });
    const [{ n: again } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM projects`,
    );
    expect(again).toBe(after);
  }, 120_000);
});
