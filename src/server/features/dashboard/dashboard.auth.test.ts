import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DashboardResponseSchema } from '../../../shared/api/dashboard.schema.ts';
import { userDashboards } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { getDashboard, PLAIN_WIDGETS, putDashboard } from './dashboard.test-support.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const ROUTES = [
  ['GET', '/api/me/dashboard'],
  ['PUT', '/api/me/dashboard'],
  ['GET', `/api/me/dashboard/saved-searches/${ID}/results`],
] as const;
const LOCKED = {
  code: 'FEATURE_LOCKED',
  message: 'Upgrade to Premium or VIP to unlock this feature',
  details: { feature: 'custom_dashboard', requiredLevel: 'premium' },
};
const body = { version: 0, widgets: PLAIN_WIDGETS, homeDashboard: true };

async function expectLocked(agent: Agent) {
  for (const [method, url] of ROUTES) {
    const response = await agent.request({
      method,
      url: `${url}?lang=en`,
      payload: method === 'PUT' ? body : undefined,
    });
    expect([method, url, response.statusCode, response.json().error]).toEqual([method, url, 403, LOCKED]);
  }
}

describe('/api/me/dashboard: who may use it (premium custom_dashboard)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a visitor gets 401 SIGN_IN_REQUIRED on every route and nothing is stored', async () => {
    for (const [method, url] of ROUTES) {
      const response = await t.app.inject({
        method,
        url: `${url}?lang=en`,
        payload: method === 'PUT' ? body : undefined,
      });
      expect([method, url, response.statusCode, response.json().error.code]).toEqual([
        method,
        url,
        401,
        'SIGN_IN_REQUIRED',
      ]);
    }
    expect(await t.db.select().from(userDashboards)).toEqual([]);
  });

  test('a free user gets 403 FEATURE_LOCKED naming premium on every route, and nothing is stored', async () => {
    const { agent } = await signUpAgent(t.app, 'dash-free@example.com');
    await expectLocked(agent);
    expect(await t.db.select().from(userDashboards)).toEqual([]);
  });

  test.each([
    ['premium', 1000],
    ['vip', 5000],
  ])('a %s user saves and reads their layout', async (level, points) => {
    const { agent } = await signUpWithPoints(t.app, t.db, `dash-${level}@example.com`, points);

    const saved = await putDashboard(agent, body);
    const read = await getDashboard(agent);

    expect(saved.statusCode).toBe(200);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(DashboardResponseSchema.parse(read.json())).toMatchObject({
      widgets: PLAIN_WIDGETS,
      homeDashboard: true,
      version: 1,
      limits: { widgets: 20, noteChars: 2000 },
    });
  });

  test('test mode: a free admin previewing premium may use it; a premium admin previewing free is refused', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'dash-admin@example.com');
    await expectLocked(admin);
    const preview = (level: string | null) =>
      admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level } });

    expect((await preview('premium')).statusCode).toBe(200);
    expect((await putDashboard(admin, body)).statusCode).toBe(200);
    expect((await preview('vip')).statusCode).toBe(200);
    expect((await getDashboard(admin)).json().version).toBe(1);

    const me = (await admin.request({ method: 'GET', url: '/api/me' })).json();
    await creditPoints(t.db, { userId: me.user.id, amount: 1000, reason: 'admin.adjust' });
    expect((await preview(null)).statusCode).toBe(200);
    expect((await getDashboard(admin)).statusCode).toBe(200);
    expect((await preview('free')).statusCode).toBe(200);
    await expectLocked(admin);
  });
});
