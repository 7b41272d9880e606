import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authRateLimits } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, readLatestMail, signUpAgent, TEST_PASSWORD } from './auth.test-support.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { SIGN_IN_BUDGET, signInBudgetKeys } from './sign-in-throttle.ts';

// Against password guessing: a per-account budget of FAILED sign-ins (10 a minute, 100 a day), atomic in the database; a
// device that signed in before keeps its own budget; a spent day budget locks the account and mails an unlock link.
describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, ip: string, lang = 'en') =>
    createAgent(t.app).request({
      method: 'POST',
      url: `/api/auth/sign-in?lang=${lang}`,
      remoteAddress: ip,
      payload: { email, password },
    });
  /** Pretend the account already failed `count` times today (100 real attempts would take 100 scrypt hashes). */
  const seedDayFailures = async (email: string, count: number) => {
    const resetAt = new Date(Date.now() + SIGN_IN_BUDGET.perDay.windowMs);
    await t.db.insert(authRateLimits).values({ key: signInBudgetKeys(email).day, count, resetAt });
  };
  const statusCounts = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  test('50 parallel wrong passwords: exactly 10 are checked, the other 40 are refused (429)', async () => {
    await signUpAgent(t.app, 'burst@example.com');

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn('burst@example.com', `wrong-pass-${i}`, `10.50.${i}.1`)),
    );

    expect(statusCounts(responses.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 40 });
  });

  test('50 parallel wrong passwords with 95 failures today: exactly 5 are checked, then the account is locked', async () => {
    await signUpAgent(t.app, 'day@example.com');
    await seedDayFailures('day@example.com', 95);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn('day@example.com', `wrong-pass-${i}`, `10.51.${i}.1`)),
    );
    const statuses = responses.map((r) => r.statusCode);

    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 423).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 423 || s === 429)).toBe(true);
  });

  test("a spent day budget: 'Account is locked' in en and zh even for the right password, unlock link mailed once", async () => {
    await signUpAgent(t.app, 'locked@example.com');
    await seedDayFailures('locked@example.com', SIGN_IN_BUDGET.perDay.max);

    const en = await signIn('locked@example.com', 'wrong-pass-x', '10.52.0.1', 'en');
    const zh = await signIn('locked@example.com', TEST_PASSWORD, '10.52.0.2', 'zh');
    const { mail, count } = await readLatestMail(t.db, 'locked@example.com');

    expect(en.statusCode).toBe(423);
    expect(en.json().error).toEqual({ code: 'ACCOUNT_LOCKED', message: 'Account is locked' });
    expect(zh.statusCode).toBe(423);
    expect(zh.json().error).toEqual({ code: 'ACCOUNT_LOCKED', message: '账户已锁定' });
    expect(mail.text).toContain('http://localhost:3000/auth?mode=unlock&token=');
    expect(count).toBe(2); // the verification mail from sign-up, and one unlock mail
  });

  test("the owner's known device still signs in with the right password while strangers are locked out", async () => {
    const { agent } = await signUpAgent(t.app, 'owner@example.com');
    await agent.request({ method: 'POST', url: '/api/auth/sign-out' });
    await seedDayFailures('owner@example.com', SIGN_IN_BUDGET.perDay.max + 5);
    const payload = { email: 'owner@example.com', password: TEST_PASSWORD };

    const stranger = await createAgent(t.app).request({ method: 'POST', url: '/api/auth/sign-in', payload });
    const owner = await agent.request({ method: 'POST', url: '/api/auth/sign-in', payload });
    const forged = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload,
      headers: { cookie: `${DEVICE_COOKIE}=forged-device-token` },
    });

    expect(agent.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    expect(stranger.statusCode).toBe(423);
    expect(owner.statusCode).toBe(200);
    expect(forged.statusCode).toBe(423);
  });

  test('wrong passwords from a known device spend that device’s budget, not the account’s', async () => {
    const { agent } = await signUpAgent(t.app, 'typo@example.com');
    const attempt = (password: string) =>
      agent.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'typo@example.com', password } });

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(`typo-pass-${i}`)).statusCode);
    const stranger = await signIn('typo@example.com', TEST_PASSWORD, '10.53.0.1');

    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(stranger.statusCode).toBe(200);
  });

  test('the e-mailed unlock link unlocks the account, once', async () => {
    await signUpAgent(t.app, 'unlock@example.com');
    await seedDayFailures('unlock@example.com', SIGN_IN_BUDGET.perDay.max);
    await signIn('unlock@example.com', 'wrong-pass-x', '10.54.0.1');
    const { token } = await readLatestMail(t.db, 'unlock@example.com');
    const unlock = () =>
      createAgent(t.app).request({ method: 'POST', url: '/api/auth/unlock?lang=en', payload: { token } });

    const unlocked = await unlock();
    const signedIn = await signIn('unlock@example.com', TEST_PASSWORD, '10.54.0.2');
    const reused = await unlock();

    expect(unlocked.statusCode).toBe(200);
    expect(signedIn.statusCode).toBe(200);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('UNLOCK_LINK_INVALID');
  });
});
