import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MeResponse, MeResponseSchema } from '../../../shared/api/auth.schema.ts';
import type { UsageResponse } from '../../../shared/api/usage.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints, debitPoints } from '../points/points.service.ts';

// The one level function over HTTP: what a balance or a paid plan unlocks, as /api/me, /api/me/usage and a gated
// route all see it.
describe('membership level thresholds over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test.each([
    [999, 'free', 10, 403],
    [1000, 'premium', 100, 200],
    [4999, 'premium', 100, 200],
    [5000, 'vip', -1, 200],
  ] as const)(
    '%i points → %s: %i searches a day; custom filters answer %i',
    async (points, level, searches, filter) => {
      const { agent, me } = await signUpAgent(t.app, `level-${points}@example.com`);
      await creditPoints(t.db, { userId: me.user.id, amount: points, reason: 'admin.adjust' });

      const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json() as UsageResponse;
      const meNow = (await agent.request({ method: 'GET', url: '/api/me' })).json() as MeResponse;
      const filtered = await agent.request({ method: 'GET', url: '/api/search?q=uni&category=DeFi' });

      expect(usage.level).toBe(level);
      expect(usage.quotas.find((q) => q.quota === 'dailySearches')?.limit).toBe(searches);
      expect(meNow.membership.level).toBe(level);
      expect(filtered.statusCode).toBe(filter);
    },
  );

  test('a debit below 1000 takes premium away at once; a paid plan holds it until its expiry, then points decide', async () => {
    const { agent, me } = await signUpAgent(t.app, 'level-moves@example.com');
    const userId = me.user.id;
    const levelNow = async () =>
      ((await agent.request({ method: 'GET', url: '/api/me/usage' })).json() as UsageResponse).level;
    await creditPoints(t.db, { userId, amount: 1000, reason: 'admin.adjust' });
    expect(await levelNow()).toBe('premium');
    await debitPoints(t.db, { userId, amount: 1, reason: 'admin.adjust' });
    expect(await levelNow()).toBe('free');

    const plan = (expires: Date) =>
      t.db
        .update(userProfiles)
        .set({ membershipLevel: 'vip', membershipExpiresAt: expires })
        .where(eq(userProfiles.id, userId));
    await plan(new Date(Date.now() + 3_600_000));
    expect(await levelNow()).toBe('vip');
    await plan(new Date(Date.now() - 1));
    expect(await levelNow()).toBe('free'); // 999 points: the expired plan falls back to the points level
  });

  test('/api/me answers one effective level: no stored plan level beside it, the plan said apart with its state', async () => {
    const { agent, me } = await signUpAgent(t.app, 'level-one@example.com');
    const userId = me.user.id;
    const read = async () => {
      const body = (await agent.request({ method: 'GET', url: '/api/me' })).json();
      expect(body.profile).not.toHaveProperty('membershipLevel');
      expect(body.profile).not.toHaveProperty('membershipExpiresAt');
      return MeResponseSchema.parse(body).membership;
    };
    await creditPoints(t.db, { userId, amount: 1000, reason: 'admin.adjust' });
    expect(await read()).toEqual({ level: 'premium', actualLevel: 'premium', testLevel: null, plan: null });

    const ended = new Date(Date.now() - 60_000);
    await t.db
      .update(userProfiles)
      .set({ membershipLevel: 'vip', membershipExpiresAt: ended })
      .where(eq(userProfiles.id, userId));
    expect(await read()).toEqual({
      level: 'premium',
      actualLevel: 'premium',
      testLevel: null,
      plan: { level: 'vip', expiresAt: ended.toISOString(), running: false },
    });
  });
});
