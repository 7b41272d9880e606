import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AnalysisFact,
  MarketAnalysisResponseSchema,
  ProjectAnalysisResponseSchema,
  SectorAnalysisResponseSchema,
} from '../../../shared/api/analysis.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { dailySignals, heatHistory } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { isSummaryFact } from './analysis.service.ts';

// The last heat run an hour ago, on the minute; one run a day before it for 30 days.
const T0 = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
const at = (k: number) => new Date(T0 - k * DAY_MS);
/** A deterministic wobble in [-10, 10] (no randomness in fixtures either). */
const wobble = (k: number) => ((k * 37) % 11) * 2 - 10;

/** Every number anywhere in `value`. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}
/** Asserts each number of `value` is the value of some fact. */
function expectAllCited(value: unknown, facts: AnalysisFact[]) {
  const values = new Set(facts.map((f) => f.value));
  const missing = numbersIn(value).filter((n) => !values.has(n));
  expect(missing).toEqual([]);
}

describe('GET /api/analysis/*', () => {
  let t: TestApp;
  let free: Agent;
  let premium: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertSector(t.db, { id: 'gaming', name: 'Gaming' });
    const stale = { source: 'github', asOf: new Date(T0 - 5 * DAY_MS).toISOString() };
    const market = { source: 'coingecko', asOf: new Date(T0 - 600_000).toISOString() };
    const reddit = { source: 'reddit', asOf: new Date(T0 - 600_000).toISOString() };
    await insertProject(t.db, {
      id: 'alpha',
      name: 'Alpha',
      category: 'DeFi',
      chains: ['Ethereum', 'Arbitrum'],
      tags: ['dex', 'amm'],
      marketCap: 2e9,
      volume24h: 2e6, // 0.1 % of the market cap: thin
      devStars: 5000,
      redditMentions: 120,
      redditAuthors: 3, // few authors
      listedAt: new Date(T0 - 10 * DAY_MS), // new
      metricSources: {
        marketCap: market,
        volume24h: market,
        devStars: stale,
        redditMentions: reddit,
        redditAuthors: reddit,
      },
      heatScore: 90,
    });
    await insertProject(t.db, {
      id: 'twin',
      name: 'Twin',
      category: 'DeFi',
      chains: ['Ethereum', 'Arbitrum'],
      tags: ['dex', 'amm'],
      marketCap: 1.5e9,
      volume24h: 3e8,
      devStars: 4000,
      heatScore: 50,
    });
    await insertProject(t.db, {
      id: 'lender',
      name: 'Lender',
      category: 'DeFi',
      tags: ['lending'],
      marketCap: 5e8,
      volume24h: 5e7,
      heatScore: 45,
    });
    // Loud: almost all of its heat from X followers (a single-signal flag on its own page and in its sector's).
    await insertProject(t.db, {
      id: 'loud',
      name: 'Loud',
      category: 'DeFi',
      marketCap: 1e3,
      volume24h: 10,
      devStars: 1,
      followersTwitter: 1e7,
      heatScore: 46,
    });
    await insertProject(t.db, {
      id: 'game',
      name: 'Game',
      category: 'Gaming',
      chains: ['Ronin'],
      tags: ['nft'],
      marketCap: 1e7,
      volume24h: 1e6,
      heatScore: 20,
    });
    // 30 daily runs: Alpha wobbles around 40 and spikes to 90 in the last run; Game falls; DeFi gains share on Gaming.
    const project = (id: string, k: number, score: number) => ({
      entityType: 'project' as const,
      entityId: id,
      computedAt: at(k),
      score,
      contributions: [score * 0.3, score * 0.5, 0, score * 0.2, 0, 0, 0, 0],
      model: 'heat-v1',
    });
    const sector = (id: string, k: number, score: number) => ({
      entityType: 'sector' as const,
      entityId: id,
      computedAt: at(k),
      score,
      breakdown: { contributions: { social: score }, categories: {} },
      model: 'heat-v1',
    });
    const rows = [];
    for (let k = 0; k < 30; k++) {
      rows.push(project('alpha', k, k === 0 ? 90 : 40 + wobble(k)));
      rows.push(project('twin', k, 50 + wobble(k + 3) / 10));
      rows.push(project('lender', k, 45));
      rows.push(project('game', k, k === 0 ? 20 : 35));
      rows.push(sector('defi', k, k < 7 ? 60 : 50));
      rows.push(sector('gaming', k, k < 7 ? 40 : 50));
    }
    await t.db.insert(heatHistory).values(rows);
    const fetchedAt = new Date(T0);
    await t.db.insert(dailySignals).values(
      Array.from({ length: 30 }, (_, k) => ({
        projectId: 'alpha',
        signal: 'pageViews',
        day: at(k).toISOString().slice(0, 10),
        value: k === 0 ? 9000 : 1000 + wobble(k) * 5,
        source: 'wikipedia',
        fetchedAt,
      })),
    );
    free = (await signUpAgent(t.app, 'analysis-free@example.com')).agent;
    const p = await signUpAgent(t.app, 'analysis-premium@example.com');
    await creditPoints(t.db, { userId: p.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    premium = p.agent;
  });
  afterAll(() => t.close());

  const visitorGet = (url: string) => t.app.inject({ method: 'GET', url });

  test('a visitor and a free user get the summary, locked, and no full data', async () => {
    for (const res of [
      await visitorGet('/api/analysis/project/alpha'),
      await free.request({ method: 'GET', url: '/api/analysis/project/alpha' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = ProjectAnalysisResponseSchema.parse(res.json());
      expect(body.full).toBeNull();
      expect(body.locked).toEqual({ feature: 'heat_analytics', requiredLevel: 'premium' });
      expect(body.summary).toMatchObject({ heat: expect.any(Number), change24h: 50 - wobble(1) });
      expect(body.summary.anomalyCount).toBeGreaterThanOrEqual(2);
      expect(body.summary.riskFlagCount).toBe(4);
      expect(body.summary.topRisk).toBe('thinLiquidity');
      expect(body.facts.every((f) => isSummaryFact(f.key))).toBe(true);
      expect(JSON.stringify(body)).not.toContain('similar.');
      expect(body.dataVersion).toBe(new Date(T0).toISOString());
    }
  });

  test('premium gets the full analysis: movers, anomalies, risk flags, similar projects', async () => {
    const res = await premium.request({ method: 'GET', url: '/api/analysis/project/alpha' });

    expect(res.statusCode).toBe(200);
    const body = ProjectAnalysisResponseSchema.parse(res.json());
    expect(body.locked).toBeNull();
    const full = body.full!;
    expect(full.movers.day).toMatchObject({ from: 40 + wobble(1), to: 90, change: 50 - wobble(1) });
    expect(full.movers.day?.drivers.map((d) => d.key)).toEqual(['market', 'social', 'news']);
    expect(full.anomalies.map((a) => [a.signal, a.direction])).toEqual(
      expect.arrayContaining([
        ['heat', 'up'],
        ['pageViews', 'up'],
      ]),
    );
    expect(full.riskFlags.map((f) => f.code)).toEqual(['thinLiquidity', 'staleInputs', 'fewAuthors', 'newListing']);
    expect(full.riskFlags[0]?.params.ratio).toBeCloseTo(0.001, 12);
    expect(full.similar[0]).toMatchObject({ projectId: 'twin', shared: { sector: 'DeFi', tags: ['amm', 'dex'] } });
    expect(full.similar.map((s) => s.projectId)).not.toContain('alpha');
    const views = body.facts.find((f) => f.key === 'anomaly.pageViews.value');
    expect(views).toMatchObject({ value: 9000, source: 'wikipedia', anchor: 'analysis-anomalies' });
    expect(body.facts.find((f) => f.key === 'metric.marketCap')).toMatchObject({ source: 'coingecko' });
    expect(body.facts.find((f) => f.key === 'heat.score')?.anchor).toBe('project-scores');
    expect(
      body.facts.some((f) => f.key.startsWith('breakdown.') && f.anchor === `breakdown-${f.key.split('.')[1]}`),
    ).toBe(true);
  });

  test('every number of the full analysis is a fact, and every flag names facts that exist', async () => {
    const project = ProjectAnalysisResponseSchema.parse(
      (await premium.request({ method: 'GET', url: '/api/analysis/project/alpha' })).json(),
    );
    const sector = SectorAnalysisResponseSchema.parse(
      (await premium.request({ method: 'GET', url: '/api/analysis/sector/defi' })).json(),
    );

    expectAllCited(project.full, project.facts);
    expectAllCited(project.summary, project.facts);
    expectAllCited(sector.full, sector.facts);
    expectAllCited(sector.summary, sector.facts);
    const keys = new Set([...project.facts, ...sector.facts].map((f) => f.key));
    for (const flag of [...project.full!.riskFlags, ...sector.full!.riskFlags]) {
      for (const key of flag.facts) expect(keys).toContain(key);
    }
  });

  test('a sector: summary with its share for everyone, members’ movers and risks for premium', async () => {
    const open = SectorAnalysisResponseSchema.parse((await visitorGet('/api/analysis/sector/DEFI')).json());
    const res = await premium.request({ method: 'GET', url: '/api/analysis/sector/defi' });

    expect(open).toMatchObject({ sectorId: 'defi', full: null, locked: { feature: 'heat_analytics' } });
    expect(open.summary.share).toBeCloseTo(0.6, 9);
    expect(open.summary.shareChange7d).toBeCloseTo(0.1, 9);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = SectorAnalysisResponseSchema.parse(res.json());
    expect(body.full?.movers[0]).toMatchObject({ projectId: 'alpha', window: 'day' });
    expect(body.full?.riskFlags.filter((f) => f.projectId === 'alpha').map((f) => f.code)).toContain('thinLiquidity');
    expect(body.full?.anomalies.some((a) => a.projectId === 'alpha')).toBe(true);
  });

  test("a sector lists its members' single-signal flags, the same flags as the member's own analysis", async () => {
    const own = ProjectAnalysisResponseSchema.parse(
      (await premium.request({ method: 'GET', url: '/api/analysis/project/loud' })).json(),
    );
    const sector = SectorAnalysisResponseSchema.parse(
      (await premium.request({ method: 'GET', url: '/api/analysis/sector/defi' })).json(),
    );

    const single = own.full?.riskFlags.find((f) => f.code === 'singleSignal');
    expect(single).toMatchObject({ params: { signal: 'twitterFollowers' } });
    const member = sector.full?.riskFlags.filter((f) => f.projectId === 'loud');
    expect(member?.map((f) => [f.code, f.params])).toEqual(own.full?.riskFlags.map((f) => [f.code, f.params]));
    const flag = member?.find((f) => f.code === 'singleSignal');
    expect(flag?.facts).toContain('member.loud.breakdown.twitterFollowers.contribution');
    expect(sector.summary.riskFlagCount).toBe(sector.full?.riskFlags.length);
    expect(sector.facts.find((f) => f.key === 'member.loud.risk.singleSignal.share')?.value).toBe(single?.params.share);
  });

  test('unknown project or sector → 404 with the not-found codes', async () => {
    const project = await visitorGet('/api/analysis/project/nope?lang=en');
    const sector = await premium.request({ method: 'GET', url: '/api/analysis/sector/nope?lang=en' });

    expect(project.statusCode).toBe(404);
    expect(project.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(sector.statusCode).toBe(404);
    expect(sector.json().error.code).toBe('SECTOR_NOT_FOUND');
  });

  test('the market: movers both ways, rotation summing to zero, anomalies, every number a fact', async () => {
    const res = await visitorGet('/api/analysis/market');

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = MarketAnalysisResponseSchema.parse(res.json());
    expect(body.movers.day.up[0]).toMatchObject({ projectId: 'alpha', change: 50 - wobble(1) });
    expect(body.movers.day.down[0]).toMatchObject({ projectId: 'game', change: -15 });
    expect(body.rotation.map((r) => r.sectorId)).toEqual(['defi', 'gaming']);
    expect(Math.abs(body.rotation.reduce((s, r) => s + r.shareChange, 0))).toBeLessThan(1e-9);
    // Alpha's spike and Game's fall both sit near the largest |z| 30 points allow, (n − 1) / √n ≈ 5.39.
    expect(body.anomalies.map((a) => [a.projectId, a.signal, a.direction])).toEqual(
      expect.arrayContaining([
        ['alpha', 'heat', 'up'],
        ['alpha', 'pageViews', 'up'],
        ['game', 'heat', 'down'],
      ]),
    );
    expect(body.anomalies.map((a) => a.projectId)).not.toContain('lender'); // flat: std 0
    const { facts, dataVersion: _, computedAt: __, ...numbers } = body;
    expectAllCited(numbers, facts);
    expect(facts.find((f) => f.key === 'market.mover.day.alpha.change')?.value).toBe(50 - wobble(1));
    expect(facts.find((f) => f.key === 'rotation.defi.shareChange')?.anchor).toBe('analysis-rotation');
    // How much history the page has to fill in from: the first run's time and whole days since, a fact like the rest.
    expect(body.history.firstRunAt).not.toBeNull();
    expect(body.history.days).toBeGreaterThanOrEqual(7);
    expect(facts.find((f) => f.key === 'history.days')?.value).toBe(body.history.days);
  });

  test('answers are cached per data version: a new heat run makes a new answer', async () => {
    const first = MarketAnalysisResponseSchema.parse((await visitorGet('/api/analysis/market')).json());
    const again = MarketAnalysisResponseSchema.parse((await visitorGet('/api/analysis/market')).json());
    expect(again.computedAt).toBe(first.computedAt);

    await t.db.insert(heatHistory).values({
      entityType: 'project',
      entityId: 'lender',
      computedAt: new Date(T0 + 60_000),
      score: 45,
      model: 'heat-v1',
    });
    const next = MarketAnalysisResponseSchema.parse((await visitorGet('/api/analysis/market')).json());

    expect(next.dataVersion).toBe(new Date(T0 + 60_000).toISOString());
    expect(next.computedAt).not.toBe(first.computedAt);
  });
});

describe('GET /api/analysis/* before the first heat run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'solo', name: 'Solo', marketCap: 1e8, volume24h: 1e7 });
  });
  afterAll(() => t.close());

  test("data version 'none', empty analytics, never an error", async () => {
    const market = MarketAnalysisResponseSchema.parse((await t.app.inject({ url: '/api/analysis/market' })).json());
    const project = ProjectAnalysisResponseSchema.parse(
      (await t.app.inject({ url: '/api/analysis/project/solo' })).json(),
    );

    expect(market).toMatchObject({ dataVersion: 'none', rotation: [], anomalies: [], facts: [] });
    expect(market.movers.day).toEqual({ up: [], down: [] });
    expect(project.dataVersion).toBe('none');
    expect(project.summary).toMatchObject({ change24h: null, change7d: null, anomalyCount: 0 });
  });
});
