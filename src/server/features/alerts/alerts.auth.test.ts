import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { createAlert, signUpWithPoints, TEST_SECRET_KEY } from './alerts.test-support.ts';

describe('/api/alerts: who may call it, and whose alerts they reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: TEST_SECRET_KEY } });
    await insertProject(t.db, { id: 'alpha' });
  });
  afterAll(() => t.close());

  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string][] = [
    ['GET', '/api/alerts'],
    ['POST', '/api/alerts'],
    ['PATCH', `/api/alerts/${id}`],
    ['DELETE', `/api/alerts/${id}`],
    ['GET', `/api/alerts/${id}/deliveries`],
  ];

  test('a visitor gets 401 SIGN_IN_REQUIRED on every route; a free user 403 FEATURE_LOCKED naming premium on what needs the plan', async () => {
    const { agent: free } = await signUpAgent(t.app, 'al-free@example.com');
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : {};
      const visitor = await t.app.inject({ method: method as 'GET', url, payload });
      expect([method, url, visitor.statusCode, visitor.json().error.code]).toEqual([
        method,
        url,
        401,
        'SIGN_IN_REQUIRED',
      ]);
    }
    const needsThePlan: [string, string, object][] = [
      ['POST', '/api/alerts', { targetType: 'project', targetId: 'alpha', kind: 'heat_above', threshold: 50 }],
      ['PATCH', `/api/alerts/${id}`, { email: true }],
      ['PATCH', `/api/alerts/${id}`, { isActive: true }],
      ['PATCH', `/api/alerts/${id}`, { threshold: 20 }],
    ];
    for (const [method, url, payload] of needsThePlan) {
      const locked = await free.request({ method: method as 'POST', url: `${url}?lang=en`, payload });
      expect([url, payload, locked.statusCode, locked.json().error]).toEqual([
        url,
        payload,
        403,
        {
          code: 'FEATURE_LOCKED',
          message: 'Upgrade to Premium or VIP to unlock this feature',
          details: { feature: 'search_alerts', requiredLevel: 'premium' },
        },
      ]);
    }
    // Their own list (empty) and switching off their own alerts stay open to every level (a plan can end).
    expect((await free.request({ method: 'GET', url: '/api/alerts' })).json()).toEqual({
      items: [],
      used: 0,
      limit: 0,
    });
  });

  test("another user's alert id answers 404 ALERT_NOT_FOUND on every route, and nothing of it changes", async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'al-owner@example.com', 5000);
    const other = await signUpWithPoints(t.app, t.db, 'al-other@example.com', 5000);
    const created = await createAlert(owner.agent, {
      targetType: 'project',
      targetId: 'alpha',
      kind: 'heat_above',
      threshold: 60,
      webhookUrl: 'https://example.com/owner',
    });
    const mine = created.json().alert;
    await owner.agent.request({ method: 'PATCH', url: `/api/alerts/${mine.id}`, payload: { isActive: false } });
    const before = (await owner.agent.request({ method: 'GET', url: '/api/alerts' })).json();

    const attempts: [string, string, object | undefined][] = [
      ['GET', `/api/alerts/${mine.id}/deliveries`, undefined],
      ['PATCH', `/api/alerts/${mine.id}`, { threshold: 10 }],
      ['PATCH', `/api/alerts/${mine.id}`, { isActive: true }],
      ['PATCH', `/api/alerts/${mine.id}`, { webhookUrl: 'https://evil.example.com/steal' }],
      ['PATCH', `/api/alerts/${mine.id}`, { webhookUrl: null }],
      ['PATCH', `/api/alerts/${mine.id}`, {}],
      ['DELETE', `/api/alerts/${mine.id}`, undefined],
      // An id nobody has reads the same: the answer is no hint.
      ['GET', `/api/alerts/${id}/deliveries`, undefined],
      ['PATCH', `/api/alerts/${id}`, { email: true }],
      ['DELETE', `/api/alerts/${id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await other.agent.request({ method: method as 'GET', url: `${url}?lang=en`, payload });
      expect([method, url, response.statusCode, response.json().error]).toEqual([
        method,
        url,
        404,
        { code: 'ALERT_NOT_FOUND', message: 'Alert not found' },
      ]);
    }
    expect((await other.agent.request({ method: 'GET', url: '/api/alerts' })).json().items).toEqual([]);
    expect((await owner.agent.request({ method: 'GET', url: '/api/alerts' })).json()).toEqual(before);
  });

  test('a malformed alert id is a 400, not a 500', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-malformed@example.com', 1000);
    for (const [method, url] of [
      ['GET', '/api/alerts/not-a-uuid/deliveries'],
      ['PATCH', '/api/alerts/not-a-uuid'],
      ['DELETE', '/api/alerts/not-a-uuid'],
    ] as const) {
      const response = await agent.request({ method, url, payload: method === 'GET' ? undefined : {} });
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
  });
});
