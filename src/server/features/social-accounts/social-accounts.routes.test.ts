import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CategoryMappingResponseSchema,
  SocialAccountListResponseSchema,
  SocialAccountSchema,
  SocialUsageResponseSchema,
} from '../../../shared/api/social-accounts.schema.ts';
import { socialApiAccounts, socialApiUsage, sourceCategories } from '../../db/schema/index.ts';
import { FAST_INGEST_ENV } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { toUsageDate } from './social-accounts.service.ts';

const BASE = '/api/admin/social-accounts';

describe('/api/admin/social-accounts', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: FAST_INGEST_ENV.SECRET_KEY } });
    admin = await signUpAdmin(t.app, t.db, 'ops@example.com');
  });
  afterAll(() => t.close());

  test('an admin adds an account; the secret is stored encrypted and never returned', async () => {
    const res = await admin.request({
      method: 'POST',
      url: BASE,
      payload: { label: 'main', bearerToken: 'AAAA-secret-bearer' },
    });

    expect(res.statusCode).toBe(201);
    const account = SocialAccountSchema.parse(res.json());
    expect(account).toMatchObject({
      label: 'main',
      hasBearerToken: true,
      hasApiKey: false,
      isActive: true,
      dailyLimit: 300,
      dailyUsage: 0,
    });
    expect(res.body).not.toContain('AAAA-secret-bearer');
    const list = await admin.request({ method: 'GET', url: BASE });
    expect(SocialAccountListResponseSchema.parse(list.json()).items.map((a) => a.id)).toContain(account.id);
    expect(list.body).not.toMatch(/AAAA-secret-bearer|v1\./);
    const [stored] = await t.db.select().from(socialApiAccounts);
    expect(stored?.bearerTokenEnc).toMatch(/^v1\./);
  });

  test("disabling and enabling: enabling resets today's usage", async () => {
    const created = SocialAccountSchema.parse(
      (await admin.request({ method: 'POST', url: BASE, payload: { label: 'b', apiKey: 'k', apiSecret: 's' } })).json(),
    );
    await t.db.update(socialApiAccounts).set({ dailyUsage: 120, usageDate: toUsageDate(new Date()) });

    const off = await admin.request({ method: 'PATCH', url: `${BASE}/${created.id}`, payload: { active: false } });
    const on = await admin.request({ method: 'PATCH', url: `${BASE}/${created.id}`, payload: { active: true } });

    expect([off.statusCode, on.statusCode]).toEqual([204, 204]);
    const items = SocialAccountListResponseSchema.parse(
      (await admin.request({ method: 'GET', url: BASE })).json(),
    ).items;
    expect(items.find((a) => a.id === created.id)).toMatchObject({
      isActive: true,
      disabledReason: null,
      dailyUsage: 0,
    });
  });

  test('usage records of the last days are listed', async () => {
    const [account] = await t.db.select().from(socialApiAccounts);
    await t.db
      .insert(socialApiUsage)
      .values({ date: toUsageDate(new Date()), accountId: account!.id, requests: 12, errors: 1, rateLimit: 1 });

    const res = await admin.request({ method: 'GET', url: `${BASE}/usage?days=7` });

    expect(res.statusCode).toBe(200);
    expect(SocialUsageResponseSchema.parse(res.json()).items).toContainEqual(
      expect.objectContaining({ accountId: account!.id, requests: 12, errors: 1, rateLimit: 1 }),
    );
  });

  test('400 without credentials, 400 on a bad id, 404 for an unknown account', async () => {
    const missing = await admin.request({ method: 'POST', url: `${BASE}?lang=en`, payload: { label: 'x' } });
    const badId = await admin.request({ method: 'PATCH', url: `${BASE}/nope`, payload: { active: true } });
    const unknown = await admin.request({ method: 'DELETE', url: `${BASE}/00000000-0000-4000-8000-000000000000` });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('BAD_REQUEST');
    expect(badId.json().error.code).toBe('VALIDATION_FAILED');
    expect(unknown.statusCode).toBe(404);
  });

  test('a credential that cannot travel in an HTTP header (non-ASCII, inner space) is refused and nothing is stored', async () => {
    const before = await t.db.select().from(socialApiAccounts);
    const accented = await admin.request({
      method: 'POST',
      url: `${BASE}?lang=en`,
      payload: { label: 'pasted', bearerToken: 'AAAA-sécret' },
    });
    const spaced = await admin.request({
      method: 'POST',
      url: `${BASE}?lang=en`,
      payload: { label: 'pasted', apiKey: 'key part', apiSecret: 'secret' },
    });
    const padded = await admin.request({
      method: 'POST',
      url: BASE,
      payload: { label: 'pasted', bearerToken: '  AAAA-pasted-with-newline\n' },
    });

    expect([accented.statusCode, spaced.statusCode]).toEqual([400, 400]);
    expect(accented.json().error.code).toBe('VALIDATION_FAILED');
    expect(accented.json().error.message).toContain('Visible ASCII characters only');
    expect(accented.body).not.toContain('sécret');
    // Surrounding whitespace from a paste is trimmed, not refused.
    expect(padded.statusCode).toBe(201);
    expect((await t.db.select().from(socialApiAccounts)).length).toBe(before.length + 1);
  });

  test('deleting an account removes it', async () => {
    const created = SocialAccountSchema.parse(
      (await admin.request({ method: 'POST', url: BASE, payload: { label: 'gone', bearerToken: 't' } })).json(),
    );

    const res = await admin.request({ method: 'DELETE', url: `${BASE}/${created.id}` });

    expect(res.statusCode).toBe(204);
    const items = SocialAccountListResponseSchema.parse(
      (await admin.request({ method: 'GET', url: BASE })).json(),
    ).items;
    expect(items.map((a) => a.id)).not.toContain(created.id);
  });

  test('a non-admin gets 403 ADMIN_REQUIRED', async () => {
    const { agent } = await signUpAgent(t.app, 'user@example.com');

    const res = await agent.request({ method: 'GET', url: BASE });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ADMIN_REQUIRED');
  });

  test('GET /api/admin/ingestion/categories reports unmapped DefiLlama categories', async () => {
    await t.db.insert(sourceCategories).values([
      { source: 'defillama', category: 'Dexes', sector: 'DeFi', mapped: true, projectCount: 9, seenAt: new Date() },
      { source: 'defillama', category: 'Quantum', sector: 'DeFi', mapped: false, projectCount: 2, seenAt: new Date() },
    ]);

    const res = await admin.request({ method: 'GET', url: '/api/admin/ingestion/categories' });

    expect(res.statusCode).toBe(200);
    const body = CategoryMappingResponseSchema.parse(res.json());
    expect(body.unmapped).toBe(1);
    expect(body.categories).toContainEqual({ category: 'Quantum', sector: 'DeFi', mapped: false, projectCount: 2 });
  });
});
