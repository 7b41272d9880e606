import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HistoryResponseSchema } from '../../../shared/api/heat.schema.ts';
import type { MembershipLevel } from '../../../shared/membership/level.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { hasHint, openSse, type SseClient } from '../realtime/sse.test-support.ts';

// The tier matrix's promises over HTTP, per viewer (visitor, free, premium, VIP): what the server does is what
// /membership says. Historical data: 7 and 30 days for all, 90 days, a year and the history export from premium.
// Real-time updates: data hints live from premium, held to one batch per 5 minutes below it.
type Viewer = 'visitor' | MembershipLevel;
const VIEWERS: readonly Viewer[] = ['visitor', 'free', 'premium', 'vip'];
const POINTS: Record<MembershipLevel, number> = { free: 0, premium: 1000, vip: 5000 };

let t: TestApp;
let base: string;
let projectId: string;
let sectorId: string;
const agents = new Map<Viewer, Agent>();
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  projectId = (await insertProject(t.db, { id: 'tier-alpha', name: 'Tier Alpha' })).id;
  sectorId = (await insertSector(t.db, { name: 'TierSector' })).id;
  agents.set('visitor', createAgent(t.app));
  for (const level of ['free', 'premium', 'vip'] as const) {
    const { agent, me } = await signUpAgent(t.app, `tier-${level}@example.com`);
    if (POINTS[level] > 0)
      await creditPoints(t.db, { userId: me.user.id, amount: POINTS[level], reason: 'admin.adjust' });
    agents.set(level, agent);
  }
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const agentOf = (viewer: Viewer) => agents.get(viewer)!;
const premiumUp = (viewer: Viewer) => viewer === 'premium' || viewer === 'vip';

describe.each(VIEWERS)('historical data: %s', (viewer) => {
  test.each(['7d', '30d'])('reads the project and sector %s history', async (range) => {
    for (const url of [`/api/projects/${projectId}/history`, `/api/sectors/${sectorId}/history`]) {
      const res = await agentOf(viewer).request({ url: `${url}?range=${range}` });

      expect(res.statusCode, res.body).toBe(200);
      expect(HistoryResponseSchema.parse(res.json()).range).toBe(range);
      expect(res.headers['cache-control']).toMatch(/^public/);
    }
  });

  test.each(['90d', '1y'])(
    `the %s history: ${premiumUp(viewer) ? 'read' : '403 HISTORY_RANGE_LOCKED'}`,
    async (range) => {
      for (const url of [`/api/projects/${projectId}/history`, `/api/sectors/${sectorId}/history`]) {
        const res = await agentOf(viewer).request({ url: `${url}?range=${range}&lang=en` });

        if (premiumUp(viewer)) {
          expect(res.statusCode, res.body).toBe(200);
          expect(HistoryResponseSchema.parse(res.json())).toMatchObject({ range, bucketSeconds: 86_400 });
          // Never in a shared cache: a proxy would hand it to a free reader.
          expect(res.headers['cache-control']).toMatch(/^private/);
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json().error).toMatchObject({
            code: 'HISTORY_RANGE_LOCKED',
            message: expect.stringMatching(/^Heat history beyond 30 days is a Premium feature/),
            details: { feature: 'historical_data', range, requiredLevel: 'premium', signedIn: viewer !== 'visitor' },
          });
        }
      }
    },
  );

  test(`the history export: ${premiumUp(viewer) ? 'created' : 'refused'}`, async () => {
    const res = await agentOf(viewer).request({
      method: 'POST',
      url: '/api/exports?lang=en',
      payload: {
        source: { kind: 'project_history', projectId, from: '2026-11-01', to: '2026-11-02' },
        options: { format: 'csv' },
      },
    });

    if (premiumUp(viewer)) expect(res.statusCode, res.body).toBe(202);
    else
      expect([res.statusCode, res.json().error.code]).toEqual(
        viewer === 'visitor' ? [401, 'SIGN_IN_REQUIRED'] : [403, 'FEATURE_LOCKED'],
      );
  });
});

describe('real-time updates', () => {
  test('premium and VIP streams get a recompute at once; free and visitor streams hold it (every 5 minutes)', async () => {
    const open = new Map<Viewer, SseClient>();
    for (const viewer of VIEWERS) {
      const cookie = [...agentOf(viewer).cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const client = await openSse(`${base}/api/events`, cookie ? { cookie } : {});
      streams.push(client);
      const ready = await client.waitFor((m) => m.event === 'ready');
      expect([viewer, ready.data]).toEqual([
        viewer,
        expect.objectContaining(
          premiumUp(viewer) ? { updates: 'live', intervalMs: 0 } : { updates: 'interval', intervalMs: 300_000 },
        ),
      ]);
      open.set(viewer, client);
    }

    await t.events.publish({ type: 'heat.recomputed', asOf: '2030-01-01T00:00:00.000Z' });

    await open.get('premium')!.waitFor(hasHint('heat.recomputed'), 1_000);
    await open.get('vip')!.waitFor(hasHint('heat.recomputed'), 1_000);
    await new Promise((resolve) => setTimeout(resolve, 500)); // well past the 0.1 s coalescing gap
    expect(open.get('free')!.messages.some(hasHint('heat.recomputed'))).toBe(false);
    expect(open.get('visitor')!.messages.some(hasHint('heat.recomputed'))).toBe(false);
  });
});
