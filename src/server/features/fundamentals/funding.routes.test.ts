import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FundingResponse } from '../../../shared/api/fundamentals.schema.ts';
import { projects } from '../../db/schema/index.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { RAISES_BODY } from '../../sources/testing/fundamentals-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runIngestionSource } from '../ingestion/ingestion.service.ts';

describe('GET /api/projects/:id/funding', () => {
  let t: TestApp;
  let fake: FakeServer;
  const now = new Date('2026-11-24T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => ({ body: RAISES_BODY }));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url } });
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap' });
    await insertProject(t.db, { id: 'quiet', name: 'Quiet Project' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('lists the rounds newest first with investors, source link and as-of; a new run refreshes the answer', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/funding' });
    expect(empty.json()).toEqual({ projectId: 'uniswap', source: 'defillama', asOf: null, rounds: [] });

    await runIngestionSource({ db: t.db, config: t.config, events: t.events, now: () => now }, 'raises', 'cli');

    const res = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/funding' });
    expect(res.statusCode).toBe(200);
    const body = res.json<FundingResponse>();
    expect(body.asOf).toBe(now.toISOString());
    expect(body.rounds.map((r) => r.round)).toEqual(['Series B', 'Series A']);
    expect(body.rounds[0]).toEqual({
      date: '2022-10-07T00:00:00.000Z',
      name: 'Uniswap',
      round: 'Series B',
      amountUsd: 165_000_000,
      valuationUsd: 1_660_000_000,
      leadInvestors: ['Polychain Capital'],
      otherInvestors: ['a16z crypto', 'Paradigm', 'SV Angel'],
      sourceUrl: 'https://blog.uniswap.org/bringing-web3-to-everyone',
      asOf: now.toISOString(),
    });
  });

  test('a project without rounds answers an empty list; an unknown one a localised 404', async () => {
    const quiet = await t.app.inject({ method: 'GET', url: '/api/projects/quiet/funding' });
    expect(quiet.json<FundingResponse>().rounds).toEqual([]);

    const missing = await t.app.inject({ method: 'GET', url: '/api/projects/nope/funding?lang=zh' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'PROJECT_NOT_FOUND', message: '未找到项目「nope」' } });
  });
});
