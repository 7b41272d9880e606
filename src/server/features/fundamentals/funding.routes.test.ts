import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FundingResponse, FundingResponseSchema } from '../../../shared/api/fundamentals.schema.ts';
import { projectLogos, projects } from '../../db/schema/index.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { RAISES_BODY } from '../../sources/testing/fundamentals-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { runIngestionSource } from '../ingestion/ingestion.service.ts';
import { creditPoints } from '../points/points.service.ts';

describe('GET /api/projects/:id/funding', () => {
  let t: TestApp;
  let fake: FakeServer;
  let vip: Agent;
  const now = new Date('2026-11-24T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => ({ body: RAISES_BODY }));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url } });
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap' });
    await insertProject(t.db, { id: 'quiet', name: 'Quiet Project' });
    const signedUp = await signUpAgent(t.app, 'funding-vip@example.com');
    await creditPoints(t.db, { userId: signedUp.me.user.id, amount: 5000, reason: 'admin.adjust' });
    vip = signedUp.agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('lists the rounds newest first with source link and as-of, investors for vip; a new run refreshes it', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/funding' });
    // Never read on this instance: "not fetched yet", not "none on record" (checkedAt null).
    expect(empty.json()).toEqual({
      projectId: 'uniswap',
      source: 'defillama',
      asOf: null,
      checkedAt: null,
      rounds: [],
      locked: { feature: 'premium_data', requiredLevel: 'vip' },
      logo: 'none',
    });

    await runIngestionSource({ db: t.db, config: t.config, events: t.events, now: () => now }, 'raises', 'cli');

    const res = await vip.request({ method: 'GET', url: '/api/projects/uniswap/funding' });
    expect(res.statusCode).toBe(200);
    const body = FundingResponseSchema.parse(res.json());
    expect(body.asOf).toBe(now.toISOString());
    expect(body.checkedAt).toEqual(expect.any(String));
    expect(body.locked).toBeNull();
    expect(body.rounds.map((r) => r.round)).toEqual(['Series B', 'Series A']);
    const seriesB = {
      date: '2022-10-07T00:00:00.000Z',
      name: 'Uniswap',
      round: 'Series B',
      amountUsd: 165_000_000,
      sourceUrl: 'https://blog.uniswap.org/bringing-web3-to-everyone',
      asOf: now.toISOString(),
    };
    expect(body.rounds[0]).toEqual({
      ...seriesB,
      detail: {
        valuationUsd: 1_660_000_000,
        leadInvestors: ['Polychain Capital'],
        otherInvestors: ['a16z crypto', 'Paradigm', 'SV Angel'],
      },
    });
    expect(res.headers['cache-control']).toMatch(/^private/);

    // Below vip (here a visitor): the same rounds, each without its investors and valuation, marked as withheld.
    const reduced = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/funding' });
    const reducedBody = FundingResponseSchema.parse(reduced.json());
    expect(reducedBody.locked).toEqual({ feature: 'premium_data', requiredLevel: 'vip' });
    expect(reducedBody.rounds[0]).toEqual({ ...seriesB, detail: null });
    expect(reduced.body).not.toContain('Polychain');
    expect(reduced.headers.etag).not.toBe(res.headers.etag);
    expect(reduced.headers['cache-control']).toMatch(/^private/);
  });

  test('a project without rounds answers an empty list; an unknown one a localised 404', async () => {
    const quiet = await t.app.inject({ method: 'GET', url: '/api/projects/quiet/funding' });
    expect(quiet.json<FundingResponse>().rounds).toEqual([]);
    // The source was read (the test above ran it) and holds nothing for this project: "none on record".
    expect(quiet.json<FundingResponse>().checkedAt).toEqual(expect.any(String));

    const missing = await t.app.inject({ method: 'GET', url: '/api/projects/nope/funding?lang=zh' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'PROJECT_NOT_FOUND', message: '未找到项目「nope」' } });
  });

  test("the logo's state tells a download not tried yet from a failed one, a stored one and none known", async () => {
    await insertProject(t.db, { id: 'logo-none', name: 'No Logo' });
    await insertProject(t.db, { id: 'logo-pending', name: 'Pending Logo', logoUrl: 'https://img.example/p.png' });
    await insertProject(t.db, { id: 'logo-failed', name: 'Failed Logo', logoUrl: 'https://img.example/f.png' });
    await insertProject(t.db, { id: 'logo-stored', name: 'Stored Logo', logoUrl: 'https://img.example/s.png' });
    await t.db.insert(projectLogos).values([
      { projectId: 'logo-failed', sourceUrl: 'https://img.example/f.png', error: 'HTTP 404', fetchedAt: now },
      {
        projectId: 'logo-stored',
        sourceUrl: 'https://img.example/s.png',
        contentType: 'image/png',
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        byteSize: 4,
        etag: 'abc',
        fetchedAt: now,
      },
    ]);

    const states = await Promise.all(
      ['logo-none', 'logo-pending', 'logo-failed', 'logo-stored'].map(async (id) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/funding` });
        return FundingResponseSchema.parse(res.json()).logo;
      }),
    );

    expect(states).toEqual(['none', 'not_fetched', 'failed', 'stored']);
  });
});
