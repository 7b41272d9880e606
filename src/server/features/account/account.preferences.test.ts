import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PreferencesSchema } from '../../../shared/api/account.schema.ts';
import { ErrorBodySchema } from '../../../shared/api/common.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';

// The account's display preferences: language, theme, up/down colours (红涨绿跌 or green up) and the number style, stored
// on the signed-in user's own profile and applied by the web app at sign-in on any browser.
const NONE = { language: null, theme: null, priceColours: null, numberStyle: null };

describe('GET/PUT /api/me/preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());
  let badInputAgent: Agent | undefined;

  const put = (agent: Agent, payload: unknown) =>
    agent.request({ method: 'PUT', url: '/api/me/preferences?lang=en', payload: payload as object });
  const get = (agent: Agent) => agent.request({ method: 'GET', url: '/api/me/preferences' });

  test('nothing chosen is null (the language decides); a choice is stored, read back and cleared', async () => {
    const { agent } = await signUpAgent(t.app, 'colours-a@example.com');

    const initial = await get(agent);
    const setRed = await put(agent, { priceColours: 'red-up' });
    const readRed = await get(agent);
    const setGreen = await put(agent, { priceColours: 'green-up' });
    const cleared = await put(agent, { priceColours: null });

    expect(initial.statusCode).toBe(200);
    expect(PreferencesSchema.parse(initial.json())).toEqual(NONE);
    expect(setRed.statusCode).toBe(200);
    expect(PreferencesSchema.parse(readRed.json())).toEqual({ ...NONE, priceColours: 'red-up' });
    expect(setGreen.json()).toEqual({ ...NONE, priceColours: 'green-up' });
    expect(cleared.json()).toEqual(NONE);
    expect(initial.headers['cache-control']).toBe('no-store');
  });

  test('language, theme, colours and number style: each PUT changes only the fields it names', async () => {
    const { agent, me } = await signUpAgent(t.app, 'prefs-all@example.com');

    const all = await put(agent, { language: 'en', theme: 'dark', priceColours: 'green-up', numberStyle: 'western' });
    const themeOnly = await put(agent, { theme: 'light' });
    const clearLanguage = await put(agent, { language: null });
    const read = await get(agent);

    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ language: 'en', theme: 'dark', priceColours: 'green-up', numberStyle: 'western' });
    expect(themeOnly.json()).toEqual({
      language: 'en',
      theme: 'light',
      priceColours: 'green-up',
      numberStyle: 'western',
    });
    expect(clearLanguage.statusCode).toBe(200);
    expect(PreferencesSchema.parse(read.json())).toEqual({
      language: null,
      theme: 'light',
      priceColours: 'green-up',
      numberStyle: 'western',
    });
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, me.user.id));
    expect(row).toMatchObject({ language: null, theme: 'light', priceColours: 'green-up', numberStyle: 'western' });
  });

  test('a second session of the same account (another browser) reads what the first saved', async () => {
    const { agent: first } = await signUpAgent(t.app, 'prefs-devices@example.com');
    await put(first, { language: 'en', theme: 'dark', priceColours: 'red-up', numberStyle: 'western' });
    const second = createAgent(t.app);
    const signIn = await second.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'prefs-devices@example.com', password: TEST_PASSWORD },
    });

    const read = await get(second);

    expect(signIn.statusCode).toBe(200);
    expect(read.json()).toEqual({ language: 'en', theme: 'dark', priceColours: 'red-up', numberStyle: 'western' });
  });

  test('twenty parallel saves of different fields all land (no lost update)', async () => {
    const { agent } = await signUpAgent(t.app, 'prefs-parallel@example.com');
    const bodies = [
      { language: 'en' },
      { theme: 'dark' },
      { priceColours: 'green-up' },
      { numberStyle: 'western' },
    ] as const;

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => put(agent, bodies[i % bodies.length])));

    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await get(agent)).json()).toEqual({
      language: 'en',
      theme: 'dark',
      priceColours: 'green-up',
      numberStyle: 'western',
    });
  });

  test("one user's choice never touches another's", async () => {
    const { agent: alice, me: aliceMe } = await signUpAgent(t.app, 'colours-alice@example.com');
    const { agent: bob, me: bobMe } = await signUpAgent(t.app, 'colours-bob@example.com');

    await put(alice, { priceColours: 'red-up' });
    await put(bob, { priceColours: 'green-up' });
    // A user id in the body is not a field: the route only ever writes the session's own row.
    const smuggled = await put(bob, { priceColours: 'red-up', userId: aliceMe.user.id });

    expect(smuggled.statusCode).toBe(400);
    expect((await get(alice)).json()).toEqual({ ...NONE, priceColours: 'red-up' });
    expect((await get(bob)).json()).toEqual({ ...NONE, priceColours: 'green-up' });
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, bobMe.user.id));
    expect(row?.priceColours).toBe('green-up');
  });

  test.each([
    { name: 'unknown word', payload: { priceColours: 'blue-up' } },
    { name: 'empty', payload: { priceColours: '' } },
    { name: 'number', payload: { priceColours: 1 } },
    { name: 'array', payload: { priceColours: ['red-up'] } },
    { name: 'NUL byte', payload: { priceColours: 'red-up\u0000' } },
    { name: '10,000 characters', payload: { priceColours: 'x'.repeat(10_000) } },
    { name: 'emoji', payload: { priceColours: '🔴' } },
    { name: 'missing field', payload: {} },
    { name: 'unknown language', payload: { language: 'fr' } },
    { name: 'language with a region', payload: { language: 'zh-CN' } },
    { name: 'unknown theme', payload: { theme: 'sepia' } },
    { name: 'theme as a number', payload: { theme: 0 } },
    { name: 'unknown number style', payload: { numberStyle: 'indian' } },
    { name: 'HTML', payload: { theme: '<script>alert(1)</script>' } },
    { name: 'a good field beside a bad one', payload: { language: 'en', numberStyle: 'x'.repeat(10_000) } },
  ])('a bad value ($name) is a 400 in the error shape and changes nothing', async ({ payload }) => {
    // One account for the whole table: sign-ups per address are rate limited.
    badInputAgent ??= (await signUpAgent(t.app, 'prefs-bad-input@example.com')).agent;
    const agent = badInputAgent;
    await put(agent, { priceColours: 'red-up' });

    const res = await put(agent, payload);

    expect(res.statusCode).toBe(400);
    ErrorBodySchema.parse(res.json());
    expect((await get(agent)).json()).toEqual({ ...NONE, priceColours: 'red-up' });
  });

  test('a visitor gets 401 on both, never a preference', async () => {
    const visitor = createAgent(t.app);

    const read = await get(visitor);
    const write = await put(visitor, { priceColours: 'red-up' });

    expect(read.statusCode).toBe(401);
    expect(write.statusCode).toBe(401);
    ErrorBodySchema.parse(read.json());
  });
});
