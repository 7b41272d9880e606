import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminAd } from '../../../shared/api/ads.schema.ts';
import { adViews } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';

describe('/api/admin/ads', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    admin = await signUpAdmin(t.app, t.db, 'ads-admin@example.com');
  });
  afterAll(() => t.close());

  const ad = {
    titleZh: '标题',
    titleEn: 'Title',
    bodyZh: '正文',
    bodyEn: 'Body',
    linkUrl: '/membership',
  };

  test('the migration seeds two honest house ads linking inside the site', async () => {
    const list = await admin.request({ method: 'GET', url: '/api/admin/ads' });
    const items = list.json<{ items: AdminAd[] }>().items;

    expect(list.statusCode).toBe(200);
    expect(items.map((i) => i.linkUrl).sort()).toEqual(['/about', '/membership']);
    expect(items.every((i) => i.active && i.imageUrl === null)).toBe(true);
  });

  test('create, patch (deactivate), delete; a deactivated ad is never served', async () => {
    const created = await admin.request({ method: 'POST', url: '/api/admin/ads', payload: ad });
    const body = created.json<AdminAd>();
    const patched = await admin.request({
      method: 'PATCH',
      url: `/api/admin/ads/${body.id}`,
      payload: { active: false, titleEn: 'New title' },
    });
    const { agent } = await signUpAgent(t.app, 'ads-viewer@example.com');
    const served = [];
    // One view is open at a time: each is made creditable and claimed, so the next start serves the next ad.
    for (let i = 0; i < 3; i++) {
      const { token, ad: shown } = (await agent.request({ method: 'POST', url: '/api/tasks/ads/start' })).json();
      served.push(shown.id);
      await t.db
        .update(adViews)
        .set({ issuedAt: new Date(Date.now() - 60_000) })
        .where(eq(adViews.id, token));
      await agent.request({ method: 'POST', url: '/api/tasks/ads/claim', payload: { token } });
    }
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/ads/${body.id}` });
    const deletedAgain = await admin.request({ method: 'DELETE', url: `/api/admin/ads/${body.id}` });

    expect(created.statusCode).toBe(201);
    expect(body).toMatchObject({ ...ad, imageUrl: null, active: true });
    expect(patched.json<AdminAd>()).toMatchObject({ active: false, titleEn: 'New title', titleZh: '标题' });
    expect(served).not.toContain(body.id);
    expect(deleted.statusCode).toBe(204);
    expect(deletedAgain.statusCode).toBe(404);
  });

  test('users get 403, visitors 401; bad bodies and ids are 400', async () => {
    const { agent } = await signUpAgent(t.app, 'ads-user@example.com');
    const asUser = await agent.request({ method: 'POST', url: '/api/admin/ads', payload: ad });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/ads' });
    const bad = [
      { ...ad, linkUrl: 'javascript:alert(1)' },
      { ...ad, linkUrl: '//evil.example.com' },
      { ...ad, linkUrl: '/\\evil.example.com' },
      { ...ad, linkUrl: 'https://example.com\\@evil.example' },
      { ...ad, linkUrl: 'http://example.com' },
      { ...ad, imageUrl: 'data:image/png;base64,AAAA' },
      { ...ad, titleEn: '' },
      { ...ad, bodyEn: 'x'.repeat(501) },
      { ...ad, active: 'yes' },
    ];
    const codes = [];
    for (const payload of bad)
      codes.push((await admin.request({ method: 'POST', url: '/api/admin/ads', payload })).statusCode);
    const badId = await admin.request({
      method: 'PATCH',
      url: '/api/admin/ads/not-a-uuid',
      payload: { active: false },
    });
    const empty = await admin.request({
      method: 'PATCH',
      url: '/api/admin/ads/00000000-0000-4000-8000-000000000000',
      payload: {},
    });

    expect(asUser.statusCode).toBe(403);
    expect(visitor.statusCode).toBe(401);
    expect(codes).toEqual(bad.map(() => 400));
    expect(badId.statusCode).toBe(400);
    expect(empty.statusCode).toBe(400);
  });
});
