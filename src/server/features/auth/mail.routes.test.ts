import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema, SignUpResponseSchema } from '../../../shared/api/auth.schema.ts';
import { authTokens, mailOutbox } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type CapturedMail, type CapturingSmtp, startCapturingSmtp } from '../../test/capture-smtp.ts';
import {
  createAgent,
  readLatestMail,
  signUpAgent,
  signUpUnverifiedAgent,
  TEST_PASSWORD,
  waitForMail,
} from './auth.test-support.ts';

const NEW_PASSWORD = 'brand-new-pass-9';

describe('password reset and e-mail verification (no SMTP: outbox + log)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { APP_URL: 'https://heatrank.test' } });
  });
  afterAll(() => t.close());

  const requestReset = (email: string, lang = 'zh') =>
    createAgent(t.app).request({
      method: 'POST',
      url: `/api/auth/password-reset/request?lang=${lang}`,
      payload: { email },
    });
  const confirmReset = (token: string, lang = 'zh') =>
    createAgent(t.app).request({
      method: 'POST',
      url: `/api/auth/password-reset/confirm?lang=${lang}`,
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
  const signIn = (email: string, password: string) =>
    createAgent(t.app).request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

  test('reset: the e-mailed one-time link sets a new password and ends every session', async () => {
    const { agent } = await signUpAgent(t.app, 'reset@example.com');

    const requested = await requestReset('reset@example.com', 'en');
    const { mail, token } = await waitForMail(t.db, 'reset@example.com', 2); // after the verification mail
    const confirmed = await confirmReset(token ?? '');
    const oldSession = await agent.request({ method: 'GET', url: '/api/me' });
    const oldPassword = await signIn('reset@example.com', TEST_PASSWORD);
    const newPassword = await signIn('reset@example.com', NEW_PASSWORD);
    const reused = await confirmReset(token ?? '', 'en');

    expect(requested.statusCode).toBe(202);
    expect(mail.subject).toBe('Reset your HeatRank password');
    expect(mail.text).toContain('https://heatrank.test/auth?mode=reset&token=');
    expect(confirmed.statusCode).toBe(200);
    expect(oldSession.json().error.code).toBe('SESSION_EXPIRED');
    expect(oldPassword.statusCode).toBe(401);
    expect(newPassword.statusCode).toBe(200);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is invalid or has expired',
    });
  });

  test('reset for an unknown e-mail answers exactly like a known one and sends nothing', async () => {
    await signUpAgent(t.app, 'known@example.com');
    const before = await t.db.select().from(mailOutbox);

    const known = await requestReset('known@example.com');
    const unknown = await requestReset('unknown@example.com');
    await requestReset('known@example.com'); // queued after the unknown one's work: once it is mailed, both ran
    await waitForMail(t.db, 'known@example.com', 3);
    const after = await t.db.select().from(mailOutbox);

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(after.length - before.length).toBe(2);
    expect(after.some((row) => row.to === 'unknown@example.com')).toBe(false);
  });

  test('a reset link older than an hour, or superseded by a newer one, is refused', async () => {
    await signUpAgent(t.app, 'stale@example.com');
    await requestReset('stale@example.com');
    const first = await waitForMail(t.db, 'stale@example.com', 2);
    await requestReset('stale@example.com');
    const second = await waitForMail(t.db, 'stale@example.com', 3);
    await t.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1) });

    const superseded = await confirmReset(first.token ?? '');
    const expired = await confirmReset(second.token ?? '');

    expect(first.token).not.toBe(second.token);
    expect(superseded.json().error).toEqual({ code: 'RESET_LINK_INVALID', message: '重置链接无效或已过期' });
    expect(expired.json().error.code).toBe('RESET_LINK_INVALID');
  });

  test('verification: sign-up mails a link; following it marks the e-mail verified, once', async () => {
    const { agent, me } = await signUpUnverifiedAgent(t.app, 'verify@example.com');
    const { mail, token } = await readLatestMail(t.db, 'verify@example.com');

    const verify = () =>
      createAgent(t.app).request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: token ?? '', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
      });
    const first = await verify();
    await agent.request({ method: 'GET', url: '/api/me' }); // as the web app does: learns it is signed out, new token
    await agent.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'verify@example.com', password: TEST_PASSWORD },
    }); // verification ended the session opened before it
    const meAfter = MeResponseSchema.parse((await agent.request({ method: 'GET', url: '/api/me' })).json());
    const second = await verify();

    expect(me.user.emailVerified).toBe(false);
    expect(mail.subject).toBe('验证你的 HeatRank 邮箱'); // the request's language (zh by default)
    expect(mail.text).toContain('https://heatrank.test/auth?mode=verify&token=');
    expect(first.statusCode).toBe(200);
    expect(meAfter.user.emailVerified).toBe(true);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toEqual({ code: 'EMAIL_VERIFICATION_FAILED', message: '邮箱验证失败' });
  });

  test('verification can be re-sent to a signed-in, unverified user; signed out it is 401', async () => {
    const { agent } = await signUpUnverifiedAgent(t.app, 'resend@example.com');

    const resent = await agent.request({ method: 'POST', url: '/api/auth/verify-email/resend' });
    const anonymous = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/verify-email/resend?lang=en',
    });
    const { count } = await readLatestMail(t.db, 'resend@example.com');

    expect(resent.statusCode).toBe(202);
    expect(count).toBe(2);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized access' });
  });

  test('with an https APP_URL the session and CSRF cookies are Secure', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'secure@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });

    expect(res.cookies.find((c) => c.name === '__Host-hr_session')).toMatchObject({ secure: true, httpOnly: true });
    expect(res.cookies.find((c) => c.name === '__Host-hr_csrf')).toMatchObject({ secure: true });
  });

  test('the sign-up answer says the verification mail went to the server log (no SMTP), and no secret', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'told@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });
    const { mail } = await readLatestMail(t.db, 'told@example.com');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';

    expect(res.statusCode).toBe(201);
    const body = SignUpResponseSchema.parse(res.json());
    expect(body.mailDelivery).toBe('log');
    expect(body.user.email).toBe('told@example.com');
    expect(token).toHaveLength(43);
    expect(res.body).not.toContain(token);
  });

  test('mail with no SMTP stays unsent in the outbox', async () => {
    await signUpAgent(t.app, 'outbox@example.com');

    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox@example.com'));

    expect(rows).toHaveLength(1);
    expect(rows[0]?.sentAt).toBeNull();
  });

  test('outbox rows older than a day are purged when the next mail is queued (links die with them)', async () => {
    const hour = 60 * 60 * 1000;
    await t.db.insert(mailOutbox).values([
      { to: 'old@example.com', subject: 'old', text: '?token=old-secret', createdAt: new Date(Date.now() - 25 * hour) },
      {
        to: 'recent@example.com',
        subject: 'recent',
        text: '?token=recent',
        createdAt: new Date(Date.now() - 23 * hour),
      },
    ]);

    await signUpAgent(t.app, 'purge-trigger@example.com');
    const left = (await t.db.select().from(mailOutbox)).map((row) => row.to);

    expect(left).not.toContain('old@example.com');
    expect(left).toContain('recent@example.com');
    expect(left).toContain('purge-trigger@example.com');
  });

  test('with no SMTP the whole mail, link included, is written to the server log', async () => {
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }) };
    const mailer = createMailer(t.config, log as unknown as FastifyBaseLogger);

    await mailer.send(t.db, { to: 'log@example.com', subject: 'Hi', text: 'open https://x.test/auth?token=abc' });

    expect(logged).toEqual([
      {
        msg: 'mail (no SMTP configured)',
        obj: expect.objectContaining({ to: 'log@example.com', text: 'open https://x.test/auth?token=abc' }),
      },
    ]);
  });
});

describe('password reset over SMTP', () => {
  let t: TestApp;
  let smtp: CapturingSmtp;
  let received: CapturedMail[] = [];

  beforeAll(async () => {
    smtp = await startCapturingSmtp();
    received = smtp.received;
    t = await buildTestApp({
      catalogue: false,
      env: smtp.env,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  test('the sign-up answer says the verification mail goes by SMTP', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'told-smtp@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });

    expect(res.statusCode).toBe(201);
    expect(SignUpResponseSchema.parse(res.json()).mailDelivery).toBe('smtp');
    expect(res.body).not.toContain('127.0.0.1'); // nothing about the mail server itself
  });

  test('the reset link arrives by SMTP; the delivered outbox row keeps the mail but not the usable token', async () => {
    await signUpAgent(t.app, 'smtp@example.com');
    const arrived = new Promise<void>((resolve) => {
      smtp.onMessage = () => received.some((m) => m.data.includes('mode=reset')) && resolve();
    });

    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset/request?lang=en',
      payload: { email: 'smtp@example.com' },
    });
    await arrived;
    const message = received.find((m) => m.data.includes('mode=reset'));
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(message?.data ?? '')?.[1] ?? '';
    await expect.poll(async () => (await readLatestMail(t.db, 'smtp@example.com')).mail.sentAt).not.toBeNull();
    const { mail } = await readLatestMail(t.db, 'smtp@example.com');
    const confirmed = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });

    expect(res.statusCode).toBe(202);
    expect(message?.to).toEqual(['smtp@example.com']);
    expect(message?.data).toMatch(/^Subject: Reset your HeatRank password/m);
    expect(message?.data).toMatch(/^From: HeatRank <hr@test>/m);
    expect(message?.data).toContain(`http://localhost:3000/auth?mode=reset&token=${token}`);
    expect(token).toHaveLength(43);
    expect(mail.error).toBeNull();
    expect(mail.text).not.toContain(token);
    expect(mail.text).toContain('http://localhost:3000/auth?mode=reset&token=[redacted]');
    expect(confirmed.statusCode).toBe(200); // the link in the inbox still works
  });
});
