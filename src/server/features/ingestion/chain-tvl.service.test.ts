import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PlatformDetailResponseSchema, PlatformListResponseSchema } from '../../../shared/api/platforms.schema.ts';
import { platformTvl, syncRuns } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { platformKeysOfChain } from './chain-tvl-keys.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const CHAINS_BODY = [
  { gecko_id: 'ethereum', tvl: 61_234_567_890.5, tokenSymbol: 'ETH', cmcId: '1027', name: 'Ethereum', chainId: 1 },
  { gecko_id: 'binancecoin', tvl: 5_400_000_000, tokenSymbol: 'BNB', cmcId: '1839', name: 'BSC', chainId: 56 },
  { gecko_id: null, tvl: 2_100_000_000, tokenSymbol: null, cmcId: null, name: 'Arbitrum', chainId: 42161 },
  { gecko_id: null, tvl: 12, tokenSymbol: null, cmcId: null, name: 'Nowhere Chain', chainId: null },
  { gecko_id: null, tvl: 'lots', name: 'Odd' }, // an unexpected shape: skipped and counted, never a number
];

describe('DefiLlama chain TVL (/v2/chains) → platform_tvl → /api/platforms', () => {
  let t: TestApp;
  let fake: FakeServer;
  let next: FakeResponse[] = [];
  let deps: IngestDeps;
  let now = new Date('2026-11-24T03:15:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => next.shift() ?? { status: 500, body: {} });
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url } });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
    await insertProject(t.db, { id: 'p1', name: 'P1', chains: ['Ethereum', 'BNB Chain'], heatScore: 90 });
    await insertProject(t.db, { id: 'p2', name: 'P2', chains: ['Ethereum', 'Solana'], heatScore: 70 });
    await insertProject(t.db, { id: 'p3', name: 'P3', chains: ['Solana', 'Arbitrum'], heatScore: 50 });
    await insertProject(t.db, { id: 'p4', name: 'P4', chains: ['Solana'], heatScore: 40, sourcePlatform: 'pump.fun' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(platformTvl);
    next = [];
    now = new Date('2026-11-24T03:15:00.000Z');
  });

  const platforms = async (url = '/api/platforms') =>
    PlatformListResponseSchema.parse((await t.app.inject({ url })).json()).items;

  test('maps DefiLlama names onto platform ids, any case, with aliases', () => {
    expect(platformKeysOfChain('Ethereum')).toEqual(['ethereum']);
    expect(platformKeysOfChain('BSC')).toEqual(['bsc', 'bnb-chain']);
    expect(platformKeysOfChain('ZKsync Era')).toEqual(['zksync-era']);
    expect(platformKeysOfChain('  ')).toEqual([]);
  });

  test('after ingest, /api/platforms shows each chain TVL with source and as-of, and sorts by it', async () => {
    next = [{ body: CHAINS_BODY }];

    const result = await runIngestionSource(deps, 'chains', 'cli');

    expect(fake.requests.at(-1)?.path).toBe('/v2/chains');
    expect(result.counts).toMatchObject({ chains: 4, invalid: 1 });
    expect(result.errors).toEqual(['defillama: 1 chain(s) with an unexpected shape were skipped']);
    const runs = await t.db.select().from(syncRuns);
    expect(runs.map((r) => r.job)).toContain('ingest:chains');

    const byId = Object.fromEntries((await platforms()).map((p) => [p.id, p]));
    expect(byId.ethereum).toMatchObject({
      tvl: 61_234_567_890.5,
      tvlSource: { source: 'defillama', asOf: '2026-11-24T03:15:00.000Z' },
    });
    expect(byId['bnb-chain']?.tvl).toBe(5_400_000_000); // DefiLlama's "BSC"
    expect(byId.solana).toMatchObject({ tvl: null, tvlSource: null }); // not in the list: no data, never 0
    expect(byId['launchpad-pump-fun']).toMatchObject({ tvl: null, tvlSource: null });
    expect(byId['nowhere-chain']).toBeUndefined(); // a chain none of our projects runs on is not a platform

    // Most projects first by default (Solana 3), by TVL: figures descending, then those without one.
    expect((await platforms()).map((p) => p.id)[0]).toBe('solana');
    expect((await platforms('/api/platforms?sort=tvl')).map((p) => p.id)).toEqual([
      'ethereum',
      'bnb-chain',
      'arbitrum',
      'solana',
      'launchpad-pump-fun',
    ]);
    const detail = PlatformDetailResponseSchema.parse((await t.app.inject({ url: '/api/platforms/ethereum' })).json());
    expect(detail.platform.tvl).toBe(61_234_567_890.5);
  });

  test.each([
    { name: '500', answer: { status: 500, body: {} } },
    { name: 'timeout', answer: { delayMs: 1_500, body: CHAINS_BODY } },
    { name: 'malformed body', answer: { raw: '<html>maintenance</html>' } },
    { name: 'not an array', answer: { body: { chains: [] } } },
  ])('$name → run failed, the last figure kept with its as-of and marked stale', async ({ answer }) => {
    next = [{ body: CHAINS_BODY }];
    await runIngestionSource(deps, 'chains', 'cli');
    now = new Date('2026-11-25T03:15:00.000Z');
    next = [answer, answer];

    const result = await runIngestionSource(deps, 'chains', 'cli');

    expect(result.failed).toBe(true);
    const ethereum = (await platforms()).find((p) => p.id === 'ethereum');
    expect(ethereum).toMatchObject({
      tvl: 61_234_567_890.5,
      tvlSource: { source: 'defillama', asOf: '2026-11-24T03:15:00.000Z', stale: true },
    });

    next = [{ body: [{ ...CHAINS_BODY[0], tvl: 60_000_000_000 }] }];
    await runIngestionSource(deps, 'chains', 'cli');
    const refreshed = (await platforms()).find((p) => p.id === 'ethereum');
    expect(refreshed).toMatchObject({
      tvl: 60_000_000_000,
      tvlSource: { source: 'defillama', asOf: '2026-11-25T03:15:00.000Z' },
    });
    expect(refreshed?.tvlSource?.stale).toBeUndefined();
  });
});
