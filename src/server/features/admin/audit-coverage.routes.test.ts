import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import { FAST_INGEST_ENV } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';

// Every admin action is in the audit log — not only project and sector edits, but house ads, the
// X account pool and maintenance — with who did it, and before/after for edits. No secret in any entry.
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: FAST_INGEST_ENV.SECRET_KEY } });
  admin = await signUpAdmin(t.app, t.db, 'auditor@example.com');
});
afterAll(() => t.close());

async function entries(entity: string) {
  const res = await admin.request({ url: `/api/admin/audit?entity=${entity}` });
  expect(res.statusCode).toBe(200);
  return AuditResponseSchema.parse(res.json()).items;
}

describe('the audit log covers every admin action', () => {
  test('house ads: create, edit (before and after), delete', async () => {
    const body = {
      titleZh: '广告',
      titleEn: 'Ad',
      bodyZh: '正文',
      bodyEn: 'Body',
      linkUrl: 'https://example.com/',
    };
    const created = await admin.request({ method: 'POST', url: '/api/admin/ads', payload: body });
    const id = created.json().id as string;
    await admin.request({ method: 'PATCH', url: `/api/admin/ads/${id}`, payload: { titleEn: 'Ad 2' } });
    await admin.request({ method: 'DELETE', url: `/api/admin/ads/${id}` });

    const items = await entries('ad');
    expect(items.map((e) => e.action)).toEqual(['ad.delete', 'ad.update', 'ad.create']);
    expect(items.every((e) => e.actorEmail === 'auditor@example.com' && e.entityId === id)).toBe(true);
    expect(items[1]).toMatchObject({ before: { titleEn: 'Ad' }, after: { titleEn: 'Ad 2' } });
  });

  test('X accounts: add, disable, enable, delete — and the secret is in no entry', async () => {
    const bearerToken = 'secret-bearer-token-that-must-not-leak';
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/social-accounts',
      payload: { label: 'pool-1', bearerToken },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await admin.request({ method: 'PATCH', url: `/api/admin/social-accounts/${id}`, payload: { active: false } });
    await admin.request({ method: 'PATCH', url: `/api/admin/social-accounts/${id}`, payload: { active: true } });
    await admin.request({ method: 'DELETE', url: `/api/admin/social-accounts/${id}` });

    const items = await entries('social-account');
    expect(items.map((e) => e.action)).toEqual([
      'social-account.delete',
      'social-account.enable',
      'social-account.disable',
      'social-account.create',
    ]);
    expect(JSON.stringify(items)).not.toContain(bearerToken);
  });

  test('maintenance: the run and its result', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/maintenance/recount-sectors' });
    expect(res.statusCode).toBe(200);

    const [entry] = await entries('maintenance');
    expect(entry).toMatchObject({
      action: 'maintenance.recount-sectors',
      entityId: String(res.json().runId),
      actorEmail: 'auditor@example.com',
      after: { status: res.json().status },
    });
  });
});
