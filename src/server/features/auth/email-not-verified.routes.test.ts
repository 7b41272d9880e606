import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema } from '../../../shared/api/auth.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import {
  alertDeliveries,
  apiKeys,
  exportSchedules,
  exports,
  mailOutbox,
  paymentHistory,
  pointsHistory,
  userProfiles,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { deliverDueAlerts } from '../alerts/deliveries.service.ts';
import { evaluateAlerts } from '../alerts/evaluate.service.ts';
import { insertAlert, setProjectHeat } from '../alerts/evaluate.test-support.ts';
import { DIRECTORY_CSV } from '../exports/exports.test-support.ts';
import { type Agent, readLatestMail, signUpUnverifiedAgent } from './auth.test-support.ts';

const WEEKLY = { ...DIRECTORY_CSV, frequency: 'weekly', delivery: 'download' };

/** Every action an unverified account may not take, with a body that passes validation (the guard runs after it). */
const GATED: { name: string; url: string; payload?: object }[] = [
  { name: 'daily check-in', url: '/api/tasks/check-in' },
  { name: 'task claim', url: '/api/tasks/claim', payload: { key: 'daily.view_history' } },
  { name: 'ad view start', url: '/api/tasks/ads/start' },
  { name: 'ad reward claim', url: '/api/tasks/ads/claim', payload: { token: 'any-token' } },
  { name: 'share link start', url: '/api/tasks/share/start', payload: { projectId: 'bitcoin' } },
  {
    name: 'Stripe checkout',
    url: '/api/payments/checkout',
    payload: { plan: 'premium', period: 'yearly', method: 'card' },
  },
  { name: 'crypto payment', url: '/api/payments/crypto', payload: { plan: 'vip', period: 'yearly', token: 'USDC' } },
  { name: 'API key', url: '/api/me/api-keys', payload: { name: 'my key' } },
  { name: 'export', url: '/api/exports', payload: DIRECTORY_CSV },
  { name: 'export schedule', url: '/api/export-schedules', payload: WEEKLY },
];

describe('"Email not verified": an unverified account browses, but earns, pays, exports and makes keys only once verified', () => {
  let t: TestApp;
  let agent: Agent;
  let userId: string;
  let projectId: string;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    projectId = (await insertProject(t.db, { heatScore: 10, name: 'Zenora Swap' })).id;
    const signedUp = await signUpUnverifiedAgent(t.app, 'unproven@example.com');
    agent = signedUp.agent;
    userId = signedUp.me.user.id;
    // A running vip plan: every level and feature guard lets the account through, so the e-mail is what refuses.
    await t.db
      .update(userProfiles)
      .set({ membershipLevel: 'vip', membershipExpiresAt: new Date(Date.now() + 30 * DAY_MS) })
      .where(eq(userProfiles.id, userId));
  });
  afterAll(() => t.close());

  const rowsOf = async () => ({
    points: (await t.db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))).length,
    payments: (await t.db.select().from(paymentHistory).where(eq(paymentHistory.userId, userId))).length,
    keys: (await t.db.select().from(apiKeys).where(eq(apiKeys.userId, userId))).length,
    exports: (await t.db.select().from(exports).where(eq(exports.userId, userId))).length,
    schedules: (await t.db.select().from(exportSchedules).where(eq(exportSchedules.userId, userId))).length,
  });
  const NOTHING = { points: 0, payments: 0, keys: 0, exports: 0, schedules: 0 };

  test.each(GATED)(
    '$name answers 403 EMAIL_NOT_VERIFIED in the request language and changes nothing',
    async ({ url, payload }) => {
      const en = await agent.request({ method: 'POST', url: `${url}?lang=en`, payload });
      const zh = await agent.request({ method: 'POST', url, payload });

      expect(en.statusCode, en.body).toBe(403);
      expect(en.json()).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } });
      expect(zh.json()).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: '邮箱未验证' } });
      expect(await rowsOf()).toEqual(NOTHING);
    },
  );

  test('browsing and search stay open; adding to a watchlist works but credits no points', async () => {
    const projects = await agent.request({ method: 'GET', url: '/api/projects' });
    const search = await agent.request({ method: 'GET', url: '/api/search?q=zenora' });
    const tasks = await agent.request({ method: 'GET', url: '/api/tasks' });
    const list = await agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'Mine' } });
    const added = await agent.request({
      method: 'POST',
      url: `/api/watchlists/${list.json().id ?? list.json().watchlist?.id}/items`,
      payload: { projectId },
    });

    expect(projects.statusCode).toBe(200);
    expect(search.statusCode).toBe(200);
    expect(tasks.statusCode).toBe(200);
    expect(list.statusCode, list.body).toBe(201);
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect(added.json().credited).toEqual([]);
    expect(await rowsOf()).toEqual(NOTHING);
  });

  test('an alert may be created; its e-mail waits for the address to be verified, then goes out', async () => {
    const created = await agent.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { targetType: 'project', targetId: projectId, kind: 'heat_above', threshold: 20, email: true },
    });
    const alert = await insertAlert(t.db, {
      userId,
      projectId,
      kind: 'heat_above',
      threshold: 30,
      emailEnabled: true,
    });
    const deps = { db: t.db, config: t.config, mailer: t.mailer };
    const base = new Date('2026-11-24T12:00:00.000Z');
    await evaluateAlerts(t.db, base);
    await setProjectHeat(t.db, projectId, 35);
    await evaluateAlerts(t.db, new Date(base.getTime() + 300_000));
    const mailsBefore = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unproven@example.com'));

    await deliverDueAlerts(deps, new Date(base.getTime() + 301_000));
    const [held] = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    const mailsHeld = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unproven@example.com'));
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    await deliverDueAlerts(deps, new Date(base.getTime() + 3_600_000));
    const [sent] = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId)); // the next test's state

    expect(created.statusCode, created.body).toBe(201);
    expect(held).toMatchObject({
      channel: 'email',
      status: 'pending',
      lastError: "the account's e-mail address is not verified",
    });
    expect(mailsHeld.length).toBe(mailsBefore.length);
    expect(sent?.status).toBe('delivered');
  });

  test('once the link is followed in this session, the same actions go through', async () => {
    const resent = await agent.request({ method: 'POST', url: '/api/auth/verify-email/resend' });
    const { token } = await readLatestMail(t.db, 'unproven@example.com');
    const verified = await agent.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const me = MeResponseSchema.parse((await agent.request({ method: 'GET', url: '/api/me' })).json());
    const checkIn = await agent.request({ method: 'POST', url: '/api/tasks/check-in' });
    const key = await agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name: 'my key' } });

    expect(resent.statusCode).toBe(202);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(me.user.emailVerified).toBe(true);
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(key.statusCode, key.body).toBe(201);
    expect((await rowsOf()).points).toBe(1);
  });

  test('a visitor still gets 401, not the verification message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks/check-in?lang=en' });

    expect(res.statusCode).toBe(401);
  });
});
