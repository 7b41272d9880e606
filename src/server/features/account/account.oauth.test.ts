import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userProfiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent } from '../auth/auth.test-support.ts';
import { type FakeIdentityProvider, signInWithGoogle, startFakeIdentityProvider } from '../auth/oauth.test-support.ts';

const NEW_PASSWORD = 'my-first-real-password';

// The OAuth side of the account: profile on first sign-in, sign-in methods, a first password, deletion without one.
describe('account of an OAuth user (local OpenID Connect server)', () => {
  let t: TestApp;
  let idp: FakeIdentityProvider;

  beforeAll(async () => {
    idp = await startFakeIdentityProvider();
    t = await buildTestApp({ catalogue: false, env: { ...idp.env } });
  });
  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  test('first OAuth sign-in creates the profile: free level, zero counters, name and avatar from the provider', async () => {
    idp.setClaims({
      sub: 'acc-g-1',
      email: 'olga@example.com',
      email_verified: true,
      name: 'Olga',
      picture: 'https://img.test/o.png',
    });
    const agent = createAgent(t.app);

    const res = await signInWithGoogle(agent);

    expect(res.statusCode).toBe(200);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, res.json().user.id));
    expect(profile).toMatchObject({
      email: 'olga@example.com',
      name: 'Olga',
      avatarUrl: 'https://img.test/o.png',
      membershipLevel: 'free',
      membershipExpiresAt: null,
      points: 0,
      tasksCompleted: 0,
      adsWatched: 0,
      dailyTasksCompleted: 0,
      dailyAdsWatched: 0,
    });
  });

  test('GET /api/me/providers lists the linked provider with its date, no password, and what the server offers', async () => {
    idp.setClaims({ sub: 'acc-g-2', email: 'pavel@example.com', email_verified: true });
    const agent = createAgent(t.app);
    await signInWithGoogle(agent);

    const res = await agent.request({ method: 'GET', url: '/api/me/providers' });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'pavel@example.com', password: false, enabled: ['google'] });
    expect(body.linked).toHaveLength(1);
    expect(body.linked[0].provider).toBe('google');
    expect(Number.isNaN(Date.parse(body.linked[0].linkedAt))).toBe(false);
  });

  test('a name chosen in settings survives the next OAuth sign-in', async () => {
    idp.setClaims({ sub: 'acc-g-3', email: 'quinn@example.com', email_verified: true, name: 'Provider Name' });
    const agent = createAgent(t.app);
    await signInWithGoogle(agent);
    await agent.request({ method: 'PATCH', url: '/api/me/profile', payload: { name: 'My Own Name' } });

    const again = await signInWithGoogle(createAgent(t.app));

    expect(again.json().profile.name).toBe('My Own Name');
  });

  test('an OAuth-only account sets a first password without a current one, then signs in with it', async () => {
    idp.setClaims({ sub: 'acc-g-4', email: 'rosa@example.com', email_verified: true });
    const agent = createAgent(t.app);
    await signInWithGoogle(agent);

    const res = await agent.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { newPassword: NEW_PASSWORD },
    });
    const providers = await agent.request({ method: 'GET', url: '/api/me/providers' });
    const signIn = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'rosa@example.com', password: NEW_PASSWORD },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasPassword).toBe(true);
    expect(providers.json().password).toBe(true);
    expect(signIn.statusCode).toBe(200);
    // From now on the current password is required.
    const again = await agent.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { newPassword: 'yet-another-password' },
    });
    expect(again.json().error.code).toBe('CURRENT_PASSWORD_INVALID');
  });

  test('an OAuth-only account deletes itself with its e-mail as the confirmation (no password asked)', async () => {
    idp.setClaims({ sub: 'acc-g-5', email: 'sven@example.com', email_verified: true });
    const agent = createAgent(t.app);
    const signedIn = await signInWithGoogle(agent);

    const res = await agent.request({ method: 'DELETE', url: '/api/me', payload: { confirm: 'sven@example.com' } });

    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, signedIn.json().user.id))).toHaveLength(0);
    // Signing in with the provider again starts a new, empty account.
    const fresh = await signInWithGoogle(createAgent(t.app));
    expect(fresh.json().user.id).not.toBe(signedIn.json().user.id);
    expect(fresh.json().profile).toMatchObject({ points: 0 });
  });
});
