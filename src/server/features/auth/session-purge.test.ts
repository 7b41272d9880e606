import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { authTokens, sessions } from '../../db/schema/index.ts';
import { dailyCleanupJob } from '../../jobs/daily-cleanup.job.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from './auth.test-support.ts';

// Sessions that ended without a sign-out (the browser was closed for good) must not pile up: signing in tidies only
// that user's rows, so an account never seen again would keep its dead sessions for ever. The daily cleanup purges
// every expired session and every spent or expired one-time link, whoever they belong to.
describe('the daily cleanup purges expired sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const run = (now: Date) => dailyCleanupJob.run(t.jobContext(now));

  test('expired and over-age sessions and dead links go; live ones stay and still work', async () => {
    const gone = await signUpAgent(t.app, 'purge-gone@example.com');
    const aged = await signUpAgent(t.app, 'purge-aged@example.com');
    const live = await signUpAgent(t.app, 'purge-live@example.com');
    const now = new Date();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(sessions.userId, gone.me.user!.id));
    // Still inside its sliding expiry, but opened longer ago than the absolute lifetime (SESSION_MAX_AGE_DAYS).
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(now.getTime() - (t.config.SESSION_MAX_AGE_DAYS + 1) * DAY_MS) })
      .where(eq(sessions.userId, aged.me.user!.id));
    await t.db.insert(authTokens).values({
      tokenHash: 'purge-test-expired-link',
      userId: gone.me.user!.id,
      purpose: 'password_reset',
      expiresAt: new Date(now.getTime() - 1000),
    });

    const outcome = await run(now);

    expect(outcome.counts).toMatchObject({ sessions: 2 });
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((s) => s.userId)).toEqual([live.me.user!.id]);
    expect(await t.db.select().from(authTokens).where(eq(authTokens.tokenHash, 'purge-test-expired-link'))).toEqual([]);
    const me = await live.agent.request({ method: 'GET', url: '/api/me' });
    expect(me.json().user.email).toBe('purge-live@example.com');
  });
});
