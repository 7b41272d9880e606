import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAgent, TEST_PASSWORD } from './auth.test-support.ts';
import { createSession, resolveSession } from './session.service.ts';

describe('user profiles: created on first sign-in, last_active at most once a minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const profileOf = async (id: string) => (await t.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0];

  test('sign-up creates the profile with free level and zero counters', async () => {
    const { me } = await signUpAgent(t.app, 'profile-new@example.com');
    expect(await profileOf(me.user!.id)).toMatchObject({
      membershipLevel: 'free',
      membershipExpiresAt: null,
      points: 0,
      tasksCompleted: 0,
      adsWatched: 0,
      dailyTasksCompleted: 0,
      dailyAdsWatched: 0,
    });
  });

  test('a user whose profile is missing gets it back on the next sign-in (the PGRST116 path), once', async () => {
    const { me } = await signUpAgent(t.app, 'profile-lost@example.com');
    await t.db.delete(userProfiles).where(eq(userProfiles.id, me.user!.id));
    const agent = createAgent(t.app);
    const signIn = () =>
      agent.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'profile-lost@example.com', password: TEST_PASSWORD },
      });

    const first = await signIn();
    const second = await signIn();

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().profile).toMatchObject({ points: 0 });
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.id, me.user!.id))).toHaveLength(1);
  });

  test('using a session moves last_active at most once a minute', async () => {
    const { me } = await signUpAgent(t.app, 'profile-active@example.com');
    const userId = me.user!.id;
    const t0 = new Date('2031-01-01T00:00:00Z');
    const lifetime = { slidingMs: 30 * 86_400_000, absoluteMs: 300 * 86_400_000 };
    const { token } = await createSession(t.db, { id: userId, authEpoch: 0 }, {}, t0, lifetime);
    await t.db.update(userProfiles).set({ lastActive: t0 }).where(eq(userProfiles.id, userId));
    const at = (ms: number) => new Date(t0.getTime() + ms);

    await resolveSession(t.db, token, at(30_000), lifetime);
    const after30s = (await profileOf(userId))?.lastActive;
    await resolveSession(t.db, token, at(60_000), lifetime);
    const after60s = (await profileOf(userId))?.lastActive;
    await resolveSession(t.db, token, at(61_000), lifetime);
    const after61s = (await profileOf(userId))?.lastActive;
    await resolveSession(t.db, token, at(90_000), lifetime);
    const after90s = (await profileOf(userId))?.lastActive;

    expect(after30s?.toISOString()).toBe(t0.toISOString());
    expect(after60s?.toISOString()).toBe(t0.toISOString()); // exactly a minute: not yet
    expect(after61s?.toISOString()).toBe(at(61_000).toISOString());
    expect(after90s?.toISOString()).toBe(at(61_000).toISOString());
  });
});
