import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SourceHistoryResponseSchema } from '../../../shared/api/premium-data.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { dailySignals, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

// GET /api/projects/:id/source-history (vip premium data). Who may read it, per level and in test mode, is the tier
// table's (membership/tier-features.routes.test.ts); here: what a vip reads.
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('GET /api/projects/:id/source-history', () => {
  let t: TestApp;
  let vip: Agent;
  const fetchedAt = new Date('2026-11-20T08:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'srch-uni', name: 'Uni' });
    await insertProject(t.db, { id: 'srch-other', name: 'Other' });
    const signedUp = await signUpAgent(t.app, 'source-history-vip@example.com');
    await creditPoints(t.db, { userId: signedUp.me.user.id, amount: 5000, reason: 'admin.adjust' });
    vip = signedUp.agent;
    const later = new Date(fetchedAt.getTime() + 3_600_000);
    await t.db.insert(dailySignals).values([
      { projectId: 'srch-uni', signal: 'tvl', day: dayAgo(2), value: 5e9, source: 'defillama', fetchedAt },
      { projectId: 'srch-uni', signal: 'price', day: dayAgo(2), value: 6.1, source: 'coingecko', fetchedAt },
      { projectId: 'srch-uni', signal: 'price', day: dayAgo(0), value: 6.4, source: 'coingecko', fetchedAt: later },
      { projectId: 'srch-uni', signal: 'price', day: dayAgo(120), value: 4.2, source: 'coingecko', fetchedAt },
      { projectId: 'srch-uni', signal: 'price', day: dayAgo(400), value: 1.1, source: 'coingecko', fetchedAt },
      // A signal the page does not list, and another project's row: neither is served.
      { projectId: 'srch-uni', signal: 'unlisted', day: dayAgo(1), value: 1, source: 'x', fetchedAt },
      { projectId: 'srch-other', signal: 'price', day: dayAgo(1), value: 99, source: 'coingecko', fetchedAt },
    ]);
  });
  afterAll(() => t.close());

  test('a year: one series per stored signal in the listed order, oldest day first, with source and newest as-of', async () => {
    const res = await vip.request({ url: '/api/projects/srch-uni/source-history' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = SourceHistoryResponseSchema.parse(res.json());
    expect(body).toMatchObject({ projectId: 'srch-uni', range: '1y', from: dayAgo(364), to: dayAgo(0) });
    expect(body.series).toEqual([
      {
        signal: 'price',
        source: 'coingecko',
        asOf: '2026-11-20T09:00:00.000Z',
        points: [
          { day: dayAgo(120), value: 4.2 },
          { day: dayAgo(2), value: 6.1 },
          { day: dayAgo(0), value: 6.4 },
        ],
      },
      { signal: 'tvl', source: 'defillama', asOf: fetchedAt.toISOString(), points: [{ day: dayAgo(2), value: 5e9 }] },
    ]);
  });

  test('90 days leaves older days out; a project without stored days answers no series (not zeros)', async () => {
    const short = SourceHistoryResponseSchema.parse(
      (await vip.request({ url: '/api/projects/srch-uni/source-history?range=90d' })).json(),
    );
    expect(short.from).toBe(dayAgo(89));
    expect(short.series.find((s) => s.signal === 'price')?.points.map((p) => p.value)).toEqual([6.1, 6.4]);

    await insertProject(t.db, { id: 'srch-empty', name: 'Empty' });
    const empty = await vip.request({ url: '/api/projects/srch-empty/source-history' });
    expect(SourceHistoryResponseSchema.parse(empty.json()).series).toEqual([]);
  });

  test('a bad range is a localised 400; an unknown project a 404; nothing leaks another project', async () => {
    const bad = await vip.request({ url: '/api/projects/srch-uni/source-history?range=5y&lang=en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');

    const missing = await vip.request({ url: '/api/projects/nope/source-history?lang=en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PROJECT_NOT_FOUND');

    const nul = await vip.request({ url: '/api/projects/srch%00uni/source-history' });
    expect(nul.statusCode).toBe(400);
  });
});
