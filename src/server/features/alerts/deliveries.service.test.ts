import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WEBHOOK_BACKOFF_SECONDS, WEBHOOK_SIGNATURE_HEADER } from '../../../shared/api/alerts.schema.ts';
import { alertDeliveries, mailOutbox, userProfiles } from '../../db/schema/index.ts';
import { alertDeliveriesJob } from '../../jobs/alert-deliveries.job.ts';
import { encryptSecret } from '../../secret-crypto.ts';
import { type FakeResponse, startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { getAppUrl } from '../auth/auth.service.ts';
import { type DeliveryDeps, deliverDueAlerts } from './deliveries.service.ts';
import { evaluateAlerts } from './evaluate.service.ts';
import { insertAlert, insertUser, setProjectHeat } from './evaluate.test-support.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

const SECRET_KEY = 'test-secret-key-test-secret-key-0123456789';
const WEBHOOK_SECRET = 'whsec_test_0123456789';
const T0 = new Date('2026-11-24T12:00:00.000Z');
const plus = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe('deliverDueAlerts: e-mail and signed webhooks with retries', () => {
  let t: TestApp;
  let deps: DeliveryDeps;
  let clock = 0;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY, ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    deps = { db: t.db, config: t.config, mailer: t.mailer, webhookTimeoutMs: 500 };
  });
  afterAll(() => t.close());
  // Each test counts only its own deliveries: what an earlier test left pending is closed.
  afterEach(async () => {
    await t.db.update(alertDeliveries).set({ status: 'failed' }).where(eq(alertDeliveries.status, 'pending'));
  });

  /** An alert that has just fired (baseline at one pass, crossing at the next); returns it and the firing time. */
  async function firedAlert(options: { webhookUrl?: string; email?: boolean; userEmail?: string }) {
    const userId = await insertUser(t.db, options.userEmail);
    const project = await insertProject(t.db, { heatScore: 10, name: 'Zenora Swap' });
    const alert = await insertAlert(t.db, {
      userId,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 20,
      emailEnabled: options.email ?? false,
      webhookUrl: options.webhookUrl ?? null,
      webhookSecret: options.webhookUrl ? encryptSecret(WEBHOOK_SECRET, SECRET_KEY) : null,
    });
    // Each alert fires in its own hour, so earlier tests' rows are never due in a later one's window.
    clock += 1;
    const base = plus(T0, clock * 3600);
    await evaluateAlerts(t.db, base);
    await setProjectHeat(t.db, project.id, 25.5);
    const firedAt = plus(base, 300);
    await evaluateAlerts(t.db, firedAt);
    return { alert, project, userId, firedAt };
  }

  function deliveriesOf(alertId: string) {
    return t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alertId));
  }

  test('a webhook answered 500 is retried after the back-off; the 200 marks it delivered; every POST is signed', async () => {
    const answers: FakeResponse[] = [{ status: 500, raw: 'upstream exploded\nstack trace line' }, { status: 200 }];
    const server = await startFakeServer(() => answers.shift() ?? { status: 200 });
    try {
      const { alert, project, firedAt } = await firedAlert({ webhookUrl: `${server.url}/hook?token=abc` });

      const first = await deliverDueAlerts(deps, firedAt);
      expect(first).toEqual({ claimed: 1, delivered: 0, retrying: 1, failed: 0 });
      let [row] = await deliveriesOf(alert.id);
      expect(row).toMatchObject({
        channel: 'webhook',
        status: 'pending',
        attempts: 1,
        lastStatusCode: 500,
        lastError: 'HTTP 500: upstream exploded',
        nextAttemptAt: plus(firedAt, WEBHOOK_BACKOFF_SECONDS[0]),
      });

      // Not due yet: nothing is sent.
      expect(await deliverDueAlerts(deps, plus(firedAt, WEBHOOK_BACKOFF_SECONDS[0] - 1))).toMatchObject({ claimed: 0 });
      expect(server.requests).toHaveLength(1);

      const retryAt = plus(firedAt, WEBHOOK_BACKOFF_SECONDS[0]);
      expect(await deliverDueAlerts(deps, retryAt)).toMatchObject({ claimed: 1, delivered: 1 });
      [row] = await deliveriesOf(alert.id);
      expect(row).toMatchObject({
        status: 'delivered',
        attempts: 2,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: retryAt,
      });

      expect(server.requests).toHaveLength(2);
      for (const [i, request] of server.requests.entries()) {
        const header = String(request.headers[WEBHOOK_SIGNATURE_HEADER]);
        const sentAt = i === 0 ? firedAt : retryAt;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifyWebhookSignature(WEBHOOK_SECRET, request.body, header, sentAt)).toBe(true);
        expect(verifyWebhookSignature('another-secret', request.body, header, sentAt)).toBe(false);
        expect(verifyWebhookSignature(WEBHOOK_SECRET, `${request.body} `, header, sentAt)).toBe(false);
        expect(request.method).toBe('POST');
        expect(request.query.get('token')).toBe('abc');
        expect(JSON.parse(request.body)).toEqual({
          id: row?.id,
          alert: { id: alert.id, kind: 'heat_above', targetType: 'project', targetId: project.id, threshold: 20 },
          targetName: 'Zenora Swap',
          value: 25.5,
          link: `${getAppUrl(t.config)}/project/${project.id}`,
          firedAt: firedAt.toISOString(),
        });
      }
    } finally {
      await server.close();
    }
  });

  test('a webhook that keeps failing follows the whole back-off schedule, then is failed', async () => {
    const server = await startFakeServer(() => ({ status: 503 }));
    try {
      const { alert, firedAt } = await firedAlert({ webhookUrl: `${server.url}/down` });
      let now = firedAt;
      for (const delay of [0, ...WEBHOOK_BACKOFF_SECONDS]) {
        now = plus(now, delay);
        expect(await deliverDueAlerts(deps, plus(now, -1))).toMatchObject({ claimed: 0 });
        expect(await deliverDueAlerts(deps, now)).toMatchObject({ claimed: 1 });
      }
      const [row] = await deliveriesOf(alert.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 5, lastStatusCode: 503, nextAttemptAt: null });
      expect(await deliverDueAlerts(deps, plus(now, 86_400))).toMatchObject({ claimed: 0 });
      expect(server.requests).toHaveLength(5);
    } finally {
      await server.close();
    }
  });

  test('a receiver slower than the timeout is a failed attempt; an unreachable one too', async () => {
    const server = await startFakeServer(() => ({ status: 200, delayMs: 2_000 }));
    try {
      const slow = await firedAlert({ webhookUrl: `${server.url}/slow` });
      await deliverDueAlerts(deps, slow.firedAt);
      expect((await deliveriesOf(slow.alert.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatusCode: null,
        lastError: 'timed out',
      });
    } finally {
      await server.close();
    }
    const gone = await firedAlert({ webhookUrl: server.url });
    await deliverDueAlerts(deps, gone.firedAt);
    const [row] = await deliveriesOf(gone.alert.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row?.lastError).toBe('connection failed (ECONNREFUSED)');
    expect(row?.lastError).not.toContain(server.url);
  });

  test('a stop aborts an open webhook at once and leaves the delivery for the next run (no attempt spent)', async () => {
    const server = await startFakeServer(() => ({ status: 200, delayMs: 5_000 }));
    try {
      const hanging = await firedAlert({ webhookUrl: `${server.url}/hangs` });
      const stop = new AbortController();
      setTimeout(() => stop.abort(new Error('the server is stopping')), 100);
      const started = performance.now();

      await deliverDueAlerts({ ...deps, webhookTimeoutMs: 10_000, signal: stop.signal }, hanging.firedAt);

      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await deliveriesOf(hanging.alert.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await server.close();
    }
  });

  test('the e-mail lands in mail_outbox, in zh by default, through the job', async () => {
    const { alert, project, firedAt } = await firedAlert({ email: true, userEmail: 'alert-mail@example.com' });
    const outcome = await alertDeliveriesJob.run(t.jobContext(firedAt));
    expect(outcome.counts).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await deliveriesOf(alert.id))[0]).toMatchObject({ channel: 'email', status: 'delivered', attempts: 1 });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'alert-mail@example.com'));
    expect(mail?.subject).toBe('HeatRank 提醒：Zenora Swap');
    expect(mail?.text).toContain('Zenora Swap 的热度为 25.5，达到或超过您设定的阈值 20。');
    // The project page is /project/:id (the web app has no /projects/:id page).
    expect(mail?.text).toContain(`${getAppUrl(t.config)}/project/${project.id}\n`);
    expect(mail?.text).not.toContain('/projects/');
  });

  test("the e-mail is in the account's chosen language (English here)", async () => {
    const { alert, userId, firedAt } = await firedAlert({ email: true, userEmail: 'alert-mail-en@example.com' });
    await t.db.update(userProfiles).set({ language: 'en' }).where(eq(userProfiles.id, userId));
    await deliverDueAlerts(deps, firedAt);
    expect((await deliveriesOf(alert.id))[0]).toMatchObject({ status: 'delivered' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'alert-mail-en@example.com'));
    expect(mail?.subject).toContain('Zenora Swap');
    expect(mail?.subject).not.toContain('提醒');
  });

  test('without ALERT_WEBHOOK_ALLOW_PRIVATE a webhook to this host or a private network is never sent', async () => {
    const server = await startFakeServer(() => ({ status: 200 }));
    try {
      const port = new URL(server.url).port;
      const strict = { ...deps, config: { ...t.config, ALERT_WEBHOOK_ALLOW_PRIVATE: false } };
      for (const url of [`${server.url}/hook`, `http://localhost:${port}/hook`, 'http://169.254.169.254/latest']) {
        const { alert, firedAt } = await firedAlert({ webhookUrl: url });
        await deliverDueAlerts(strict, firedAt);
        expect((await deliveriesOf(alert.id))[0]).toMatchObject({
          status: 'pending',
          attempts: 1,
          lastStatusCode: null,
          lastError: 'the webhook host is a private or local address',
        });
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  test('without the signing key the webhook is not sent unsigned', async () => {
    const server = await startFakeServer(() => ({ status: 200 }));
    try {
      const { alert, firedAt } = await firedAlert({ webhookUrl: `${server.url}/hook` });
      await deliverDueAlerts({ ...deps, config: { ...t.config, SECRET_KEY: undefined } }, firedAt);
      expect((await deliveriesOf(alert.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'the webhook signing secret is unavailable',
      });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  test('two delivery runs at once send each webhook once', async () => {
    const server = await startFakeServer(() => ({ status: 204, delayMs: 100 }));
    try {
      const { alert, firedAt } = await firedAlert({ webhookUrl: `${server.url}/hook` });
      const runs = await Promise.all([deliverDueAlerts(deps, firedAt), deliverDueAlerts(deps, firedAt)]);
      expect(runs.reduce((n, r) => n + r.claimed, 0)).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect((await deliveriesOf(alert.id))[0]).toMatchObject({ status: 'delivered', lastStatusCode: 204 });
    } finally {
      await server.close();
    }
  });
});
