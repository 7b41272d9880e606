import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProfileSchema } from '../../../shared/api/auth.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';

const NEW_PASSWORD = 'another-horse-battery-9';

describe('account routes: profile, sign-in methods, guards, one user only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const patchProfile = (agent: Agent, payload: unknown, lang = 'en') =>
    agent.request({ method: 'PATCH', url: `/api/me/profile?lang=${lang}`, payload: payload as object });
  const me = async (agent: Agent) => agent.request({ method: 'GET', url: '/api/me' });

  test('PATCH /api/me/profile sets and clears the name and avatar, trims, and moves updated_at', async () => {
    const { agent, me: before } = await signUpAgent(t.app, 'acc-profile@example.com');

    const set = await patchProfile(agent, { name: '  Ada Lovelace ', avatarUrl: 'https://img.example/ada.png' });
    const afterSet = await me(agent);
    const clear = await patchProfile(agent, { name: null });
    const untouched = await patchProfile(agent, {});

    expect(set.statusCode).toBe(200);
    const profile = ProfileSchema.parse(set.json().profile);
    expect(profile).toMatchObject({ name: 'Ada Lovelace', avatarUrl: 'https://img.example/ada.png' });
    expect(new Date(profile.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.profile.updatedAt).getTime());
    expect(afterSet.json().profile.name).toBe('Ada Lovelace');
    expect(clear.json().profile).toMatchObject({ name: null, avatarUrl: 'https://img.example/ada.png' });
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json().profile).toMatchObject({ name: null, avatarUrl: 'https://img.example/ada.png' });
  });

  test('bad profile input is a 4xx in the request language, never a 500, and changes nothing', async () => {
    const { agent } = await signUpAgent(t.app, 'acc-bad@example.com');
    await patchProfile(agent, { name: 'Kept' });
    const bad: unknown[] = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(51) },
      { name: 'x'.repeat(1_000_000) },
      { name: 42 },
      { name: ['a'] },
      { name: 'a\nb' },
      { name: 'a\u0000b' },
      { avatarUrl: 'javascript:alert(1)' },
      { avatarUrl: 'JAVASCRIPT://x.example/%0aalert(1)' },
      { avatarUrl: 'http://img.example/a.png' },
      { avatarUrl: 'data:image/png;base64,AAAA' },
      { avatarUrl: `https://img.example/${'a'.repeat(500)}` },
      { avatarUrl: 'https://' },
      { avatarUrl: 'https://user:pw@img.example/a.png' },
      { avatarUrl: 12 },
      { points: 100000 },
      { membershipLevel: 'vip' },
      'not an object',
      [],
    ];
    for (const payload of bad) {
      const res = await patchProfile(agent, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeLessThan(500);
      expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
    }
    const zh = await patchProfile(agent, { avatarUrl: 'javascript:alert(1)' }, 'zh');
    const en = await patchProfile(agent, { avatarUrl: 'javascript:alert(1)' }, 'en');
    expect(zh.json().error.message).toContain('https://');
    expect(zh.json().error.message).toMatch(/[\u4e00-\u9fff]/);
    expect(en.json().error.message).toContain('Use an https:// address');
    const profile = (await me(agent)).json().profile;
    expect(profile).toMatchObject({ name: 'Kept', avatarUrl: null, points: 0 });
  });

  test('a name of exactly 50 characters (CJK counted as one each) is accepted', async () => {
    const { agent } = await signUpAgent(t.app, 'acc-fifty@example.com');
    const res = await patchProfile(agent, { name: '热'.repeat(50) });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.name).toHaveLength(50);
  });

  test('every account route refuses a visitor (401) and a write without the CSRF token (403)', async () => {
    const visitor = createAgent(t.app);
    const { agent } = await signUpAgent(t.app, 'acc-guard@example.com');
    const routes = [
      { method: 'PATCH', url: '/api/me/profile', payload: { name: 'x' } },
      {
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      },
      { method: 'POST', url: '/api/me/sign-out-everywhere' },
      { method: 'DELETE', url: '/api/me', payload: { confirm: 'acc-guard@example.com', password: TEST_PASSWORD } },
    ] as const;
    for (const route of routes) {
      expect((await visitor.request({ ...route })).statusCode, route.url).toBe(401);
      const forged = await agent.request({ ...route, csrf: false });
      expect(forged.statusCode, route.url).toBe(403);
      expect(forged.json().error.code).toBe('CSRF_INVALID');
    }
    expect((await visitor.request({ method: 'GET', url: '/api/me/providers' })).statusCode).toBe(401);
    expect((await me(agent)).json().user.email).toBe('acc-guard@example.com'); // still signed in, nothing changed
  });

  test('GET /api/me/providers: a password account, no linked provider, and what the server offers', async () => {
    const { agent } = await signUpAgent(t.app, 'acc-providers@example.com');
    const res = await agent.request({ method: 'GET', url: '/api/me/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'acc-providers@example.com', password: true, linked: [], enabled: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test("a user's routes act on their own account only: another user's id in the body or query changes nothing", async () => {
    const alice = await signUpAgent(t.app, 'acc-alice@example.com');
    const bob = await signUpAgent(t.app, 'acc-bob@example.com');
    const bobId = bob.me.user.id;

    const withId = await patchProfile(alice.agent, { id: bobId, name: 'Hacked' });
    const viaQuery = await alice.agent.request({
      method: 'PATCH',
      url: `/api/me/profile?id=${bobId}&userId=${bobId}`,
      payload: { name: 'Alice' },
    });
    const deleteBob = await alice.agent.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { confirm: 'acc-bob@example.com', password: TEST_PASSWORD },
    });

    expect(withId.statusCode).toBe(400); // unknown keys are refused
    expect(viaQuery.statusCode).toBe(200);
    expect(deleteBob.statusCode).toBe(400);
    expect(deleteBob.json().error.code).toBe('DELETE_CONFIRMATION_MISMATCH');
    const [bobProfile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, bobId));
    expect(bobProfile?.name).toBeNull();
    expect((await me(bob.agent)).json().user.email).toBe('acc-bob@example.com');
    expect((await me(alice.agent)).json().profile.name).toBe('Alice');
  });

  test('requests move last_active when it is over a minute old, and then not again within the minute', async () => {
    const { agent, me: signedUp } = await signUpAgent(t.app, 'acc-active@example.com');
    const id = signedUp.user.id;
    const lastActive = async () =>
      (await t.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0]?.lastActive.getTime();
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.update(userProfiles).set({ lastActive: twoMinutesAgo }).where(eq(userProfiles.id, id));

    await me(agent);
    const moved = await lastActive();
    await me(agent);
    await patchProfile(agent, { name: 'Active' });
    const after = await lastActive();

    expect(moved).toBeGreaterThan(twoMinutesAgo.getTime());
    expect(after).toBe(moved);
  });
});
