import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ApiKeyListResponseSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  MAX_ACTIVE_API_KEYS,
} from '../../../shared/api/api-keys.schema.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { createKey, setPaidPlan, signUpVip } from './api-keys.test-support.ts';

describe('/api/me/api-keys', () => {
  let t: TestApp;
  let vip: { agent: Agent; userId: string };
  let other: { agent: Agent; userId: string };

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    vip = await signUpVip(t.app, t.db, 'keys-vip@example.com');
    other = await signUpVip(t.app, t.db, 'keys-other@example.com');
  });
  afterAll(() => t.close());

  test('create returns the full key once; only its SHA-256 and prefix are stored; lists never show it again', async () => {
    const res = await vip.agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name: ' CI script ' } });

    expect(res.statusCode).toBe(201);
    const created = CreatedApiKeySchema.parse(res.json());
    expect(created.name).toBe('CI script');
    expect(created.key).toMatch(/^hr_live_[A-Za-z0-9_-]{55}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength('hr_live_'.length + 12);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await vip.agent.request({ method: 'GET', url: '/api/me/api-keys' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body).not.toContain(created.key);
    const body = ApiKeyListResponseSchema.parse(list.json());
    expect(body.items.map((k) => k.id)).toContain(created.id);
    expect(body.items[0]).not.toHaveProperty('key');
    expect(body).toMatchObject({ allowed: true, maxActive: MAX_ACTIVE_API_KEYS, usage: { used: 0, limit: 1000 } });
  });

  test('a visitor gets 401; a premium user cannot create (403 naming VIP) but may list', async () => {
    const { agent } = await signUpAgent(t.app, 'keys-free@example.com');

    const visitor = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/me/api-keys',
      payload: { name: 'x' },
    });
    const free = await agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name: 'x' } });
    const list = await agent.request({ method: 'GET', url: '/api/me/api-keys' });

    expect(visitor.statusCode).toBe(401);
    expect(free.statusCode).toBe(403);
    expect(free.json().error.code).toBe('FEATURE_LOCKED_VIP');
    expect(free.json().error.message).toBe('升级到 VIP 以解锁此功能');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ items: [], allowed: false, usage: { limit: 0 } });
  });

  test("test mode: previewing VIP above a lower actual level refuses a key (it would not work); a VIP's preview does not", async () => {
    const admin = await signUpAdmin(t.app, t.db, 'keys-admin@example.com');
    const preview = (level: string | null) =>
      admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level } });
    const create = () =>
      admin.request({ method: 'POST', url: '/api/me/api-keys?lang=en', payload: { name: 'preview' } });
    expect((await preview('vip')).statusCode).toBe(200);

    const refused = await create();

    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'API_KEY_TEST_MODE',
      message: expect.stringMatching(/^API keys cannot be created while test mode previews a level you do not hold/),
      details: { testLevel: 'vip', actualLevel: 'free' },
    });
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.name, 'preview'))).toEqual([]);

    // Actually VIP: the key made while previewing VIP works on /api/v1, where the actual level counts.
    const me = (await admin.request({ url: '/api/me' })).json() as { user: { id: string } };
    await setPaidPlan(t.db, me.user.id, 'vip');
    const made = await create();
    expect(made.statusCode, made.body).toBe(201);
    const v1 = await t.app.inject({
      url: '/api/v1/projects?limit=1',
      headers: { authorization: `Bearer ${made.json().key}` },
    });
    expect(v1.statusCode, v1.body).toBe(200);
    // Previewing free hides the feature as free would: 403 naming VIP.
    expect((await preview('free')).statusCode).toBe(200);
    expect((await create()).json().error.code).toBe('FEATURE_LOCKED_VIP');
  });

  test('a create without the CSRF token is refused', async () => {
    const res = await vip.agent.request({
      method: 'POST',
      url: '/api/me/api-keys',
      payload: { name: 'x' },
      csrf: false,
    });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
  });

  test('names: empty or too long → 400', async () => {
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const res = await vip.agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  test("revoke: own key → revokedAt set (again: unchanged); another user's key id → 404; a bad id → 400", async () => {
    const mine = await createKey(vip.agent, 'to revoke');
    const theirs = await createKey(other.agent, 'not yours');

    const first = await vip.agent.request({ method: 'POST', url: `/api/me/api-keys/${mine.id}/revoke` });
    const again = await vip.agent.request({ method: 'POST', url: `/api/me/api-keys/${mine.id}/revoke` });
    const foreign = await vip.agent.request({ method: 'POST', url: `/api/me/api-keys/${theirs.id}/revoke` });
    const bad = await vip.agent.request({ method: 'POST', url: '/api/me/api-keys/not-a-uuid/revoke' });

    expect(first.statusCode).toBe(200);
    const revoked = ApiKeySchema.parse(first.json());
    expect(revoked.revokedAt).not.toBeNull();
    expect(again.json().revokedAt).toBe(revoked.revokedAt);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('API_KEY_NOT_FOUND');
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, theirs.id));
    expect(row?.revokedAt).toBeNull();
    expect(bad.statusCode).toBe(400);
  });

  test(`at most ${MAX_ACTIVE_API_KEYS} active keys, held under parallel creation; revoking frees a slot`, async () => {
    const { agent } = await signUpVip(t.app, t.db, 'keys-cap@example.com');

    const results = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 5 }, (_, i) =>
        agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name: `k${i}` } }),
      ),
    );

    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json().error.code).toBe('API_KEY_LIMIT_REACHED');
    const first = results.find((r) => r.statusCode === 201)?.json() as { id: string };
    await agent.request({ method: 'POST', url: `/api/me/api-keys/${first.id}/revoke` });
    expect(
      (await agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name: 'again' } })).statusCode,
    ).toBe(201);
  });
});
