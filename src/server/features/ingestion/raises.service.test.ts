import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { projectRaises, projects } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { RAISES_BODY, UNISWAP_SERIES_A, UNISWAP_SERIES_B } from '../../sources/testing/fundamentals-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';
import { normaliseName } from './raises.service.ts';

describe('DefiLlama funding rounds (/raises)', () => {
  let t: TestApp;
  let fake: FakeServer;
  let next: FakeResponse[] = [];
  let deps: IngestDeps;
  const now = new Date('2026-11-24T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => next.shift() ?? { status: 500, body: {} });
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url } });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap' });
    await insertProject(t.db, { id: 'aave', name: 'Aave', defillamaId: '1599' });
    next = [];
  });

  const load = () => t.db.select().from(projectRaises).orderBy(projectRaises.raisedAt);

  test('stores matched rounds in USD with investors, source and as-of; counts the unmatched', async () => {
    const byId = { ...UNISWAP_SERIES_A, name: 'Aave Labs', date: 1600000000, defillamaId: 1599 };
    next = [{ body: { ...RAISES_BODY, raises: [...RAISES_BODY.raises, byId] } }];

    const result = await runIngestionSource(deps, 'raises', 'cli');

    expect(fake.requests[fake.requests.length - 1]?.path).toBe('/raises');
    expect(result).toMatchObject({ failed: false, errors: [] });
    expect(result.counts).toMatchObject({ raises: 4, invalid: 0, matched: 3, unmatched: 1, stored: 3 });
    const rows = await load();
    expect(rows.map((r) => [r.projectId, r.round])).toEqual([
      ['uniswap', 'Series A'],
      ['aave', 'Series A'],
      ['uniswap', 'Series B'],
    ]);
    expect(rows[2]).toMatchObject({
      amountUsd: 165_000_000,
      valuationUsd: 1_660_000_000,
      leadInvestors: ['Polychain Capital'],
      otherInvestors: ['a16z crypto', 'Paradigm', 'SV Angel'],
      sourceUrl: UNISWAP_SERIES_B.source,
      fetchedAt: now,
    });
    expect(rows[2]?.raisedAt.toISOString()).toBe('2022-10-07T00:00:00.000Z');
    expect(rows[0]).toMatchObject({ valuationUsd: null });
  });

  test('a second run updates rounds in place and adds none (idempotent)', async () => {
    next = [{ body: RAISES_BODY }, { body: { raises: [{ ...UNISWAP_SERIES_B, amount: 170 }, UNISWAP_SERIES_A] } }];
    await runIngestionSource(deps, 'raises', 'cli');

    await runIngestionSource(deps, 'raises', 'cli');

    const rows = await load();
    expect(rows).toHaveLength(2);
    expect(rows[1]?.amountUsd).toBe(170_000_000);
  });

  test('a name two projects share is not guessed', async () => {
    await insertProject(t.db, { id: 'uniswap-labs', name: 'Uni Swap' });
    next = [{ body: RAISES_BODY }];

    const result = await runIngestionSource(deps, 'raises', 'cli');

    expect(result.counts).toMatchObject({ matched: 0, unmatched: 3 });
  });

  test('a malformed element is skipped and counted', async () => {
    next = [{ body: { raises: [UNISWAP_SERIES_A, { name: 'x' }, { date: 'soon', name: 'Aave' }] } }];

    const result = await runIngestionSource(deps, 'raises', 'cli');

    expect(result.counts).toMatchObject({ invalid: 2, stored: 1 });
    expect(result.errors[0]).toMatch(/2 round\(s\)/);
  });

  describe('failures keep the stored rounds', () => {
    const failures: { name: string; responses: FakeResponse[]; error: RegExp; requests: number }[] = [
      { name: '500, retried', responses: [{ status: 500, body: {} }], error: /HTTP 500/, requests: 2 },
      {
        name: '429 with a Retry-After beyond the wait cap',
        responses: [{ status: 429, headers: { 'retry-after': '3600' }, body: {} }],
        error: /HTTP 429/,
        requests: 1,
      },
      { name: '404, not retried', responses: [{ status: 404, body: {} }], error: /HTTP 404/, requests: 1 },
      { name: 'timeout', responses: [{ delayMs: 1_500, body: RAISES_BODY }], error: /no answer within/, requests: 2 },
      { name: 'invalid JSON', responses: [{ raw: '{"raises": [' }], error: /invalid JSON/, requests: 1 },
      { name: 'not { raises }', responses: [{ body: [UNISWAP_SERIES_A] }], error: /unexpected response/, requests: 1 },
    ];

    test.each(failures)('$name', async ({ responses, error, requests }) => {
      next = [{ body: RAISES_BODY }];
      await runIngestionSource(deps, 'raises', 'cli');
      const before = fake.requests.length;
      next = Array.from({ length: 4 }, () => ({ ...responses[0] }));

      const result = await runIngestionSource(deps, 'raises', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors.join()).toMatch(error);
      expect(fake.requests.length - before).toBe(requests);
      expect(await load()).toHaveLength(2);
    });
  });

  test('a 429 with a short Retry-After is waited out', async () => {
    next = [{ status: 429, headers: { 'retry-after': '0' }, body: {} }, { body: RAISES_BODY }];

    const result = await runIngestionSource(deps, 'raises', 'cli');

    expect(result.failed).toBe(false);
    expect(await load()).toHaveLength(2);
  });

  test('names are compared by their letters and digits only', () => {
    expect(normaliseName('Uniswap Labs')).toBe(normaliseName('uniswap-labs'));
    expect(normaliseName('Ünï Swap')).toBe('uniswap');
  });
});
