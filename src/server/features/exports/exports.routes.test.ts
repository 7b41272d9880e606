import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExportSchema, ExportsResponseSchema } from '../../../shared/api/exports.schema.ts';
import { exportChunks, exports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { contentDisposition } from './exports.routes.ts';
import { maintainExports } from './exports.service.ts';
import { createExport, DIRECTORY_CSV, waitForExport } from './exports.test-support.ts';

describe('/api/exports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [
      { id: 'alpha', heat: 80 },
      { id: 'beta', heat: 60, category: 'Gaming' },
      { id: 'gamma', heat: null },
    ]);
  });
  afterAll(() => t.close());

  test('a visitor gets 401 and a free user 403 with the upgrade message naming premium; nothing is counted', async () => {
    const { agent: free } = await signUpAgent(t.app, 'ex-free@example.com');

    const visitor = await t.app.inject({ method: 'POST', url: '/api/exports', payload: DIRECTORY_CSV });
    const locked = await createExport(free);

    expect(visitor.statusCode).toBe(401);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toEqual({
      code: 'FEATURE_LOCKED',
      message: 'Upgrade to Premium or VIP to unlock this feature',
      details: { feature: 'export_data', requiredLevel: 'premium' },
    });
    const usage = (await free.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'dailyExports').used).toBe(0);
  });

  test('a premium csv of the directory with its filters completes, and the download is the stored file', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ex-csv@example.com');

    const created = await createExport(agent, {
      source: { kind: 'directory', filters: { category: 'DeFi', sort: 'heat' } },
      options: { format: 'csv', language: 'en', columns: ['name', 'heatScore', 'category'], includeMetadata: false },
    });
    expect(created.statusCode).toBe(202);
    expect(ExportSchema.parse(created.json()).state).toBe('processing');
    const done = ExportSchema.parse(await waitForExport(agent, created.json().id));
    const download = await agent.request({ method: 'GET', url: `/api/exports/${done.id}/download` });

    expect(done).toMatchObject({ state: 'completed', rowCount: 2, truncated: false, rowCap: 10_000, error: null });
    expect(done.fileName).toMatch(/^heatrank-directory-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`filename="${done.fileName}"`);
    const stored = await t.db.select().from(exportChunks).where(eq(exportChunks.exportId, done.id));
    const file = Buffer.concat(stored.sort((a, b) => a.seq - b.seq).map((c) => c.data));
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(file.length).toBe(done.fileSize);
    const text = file.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines).toEqual(['Name,Heat,Sector', 'Project alpha,80,DeFi', 'Project gamma,no data,DeFi']); // readable: a missing figure in words
  });

  test('a Chinese export is named in Chinese: Content-Disposition carries it per RFC 5987', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ex-zh@example.com');

    const created = await createExport(agent, { ...DIRECTORY_CSV, options: { format: 'json', language: 'zh' } });
    const done = await waitForExport(agent, created.json().id);
    const download = await agent.request({ method: 'GET', url: `/api/exports/${done.id}/download` });

    expect(done.fileName).toMatch(/^热度榜-项目分析-\d{4}-\d{2}-\d{2}\.json$/);
    expect(download.headers['content-disposition']).toBe(contentDisposition(done.fileName));
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(done.fileName)}`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
    expect(JSON.parse(download.body).metadata.title).toBe('项目分析');
  });

  test('bad input is a 400: an unknown column, an unknown filter, a bad date range', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ex-bad@example.com');
    const bodies = [
      { ...DIRECTORY_CSV, options: { format: 'csv', columns: ['name', 'secret'] } },
      { source: { kind: 'directory', filters: { evil: '1' } }, options: { format: 'csv' } },
      { source: { kind: 'directory', filters: { status: 'bogus' } }, options: { format: 'csv' } },
      {
        source: { kind: 'project_history', projectId: 'alpha', from: '2026-02-01', to: '2026-01-01' },
        options: { format: 'csv' },
      },
      { ...DIRECTORY_CSV, options: { format: 'docx' } },
    ];
    for (const payload of bodies) {
      const response = await createExport(agent, payload);
      expect([JSON.stringify(payload), response.statusCode, response.json().error.code]).toEqual([
        JSON.stringify(payload),
        400,
        'VALIDATION_FAILED',
      ]);
    }
    const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'dailyExports').used).toBe(0);
  });

  test("another user's export answers 404 on get, download, retry and delete, and stays as it was", async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'ex-owner@example.com');
    const other = await signUpWithPoints(t.app, t.db, 'ex-other@example.com');
    const created = await createExport(owner.agent);
    const id = created.json().id;
    await waitForExport(owner.agent, id);

    for (const [method, url] of [
      ['GET', `/api/exports/${id}`],
      ['GET', `/api/exports/${id}/download`],
      ['POST', `/api/exports/${id}/retry`],
      ['DELETE', `/api/exports/${id}`],
    ] as const) {
      const response = await other.agent.request({ method, url });
      expect([method, url, response.statusCode, response.json().error.code]).toEqual([method, url, 404, 'NOT_FOUND']);
    }
    const list = ExportsResponseSchema.parse(
      (await other.agent.request({ method: 'GET', url: '/api/exports' })).json(),
    );
    expect(list.items).toEqual([]);
    const [row] = await t.db.select().from(exports).where(eq(exports.id, id));
    expect(row?.state).toBe('completed');
  });

  test('the owner lists and deletes an export; deleting removes its file; a retry of a completed one is a 409', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ex-delete@example.com');
    const id = (await createExport(agent)).json().id;
    await waitForExport(agent, id);

    const list = ExportsResponseSchema.parse((await agent.request({ method: 'GET', url: '/api/exports' })).json());
    const retry = await agent.request({ method: 'POST', url: `/api/exports/${id}/retry?lang=en` });
    const removed = await agent.request({ method: 'DELETE', url: `/api/exports/${id}` });

    expect(list.items.map((e) => e.id)).toEqual([id]);
    expect(list.retentionDays).toBe(7);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('EXPORT_NOT_RETRYABLE');
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(exportChunks).where(eq(exportChunks.exportId, id))).toEqual([]);
    expect((await agent.request({ method: 'GET', url: `/api/exports/${id}` })).statusCode).toBe(404);
  });

  test('retention: the exports job deletes exports whose expiry has passed, with their files, and keeps the rest', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ex-retention@example.com');
    const oldId = (await createExport(agent)).json().id;
    const newId = (await createExport(agent)).json().id;
    await waitForExport(agent, oldId);
    const kept = await waitForExport(agent, newId);
    await t.db
      .update(exports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exports.id, oldId));

    const result = await maintainExports({ db: t.db, dbKind: t.handle.kind, config: t.config }, new Date());

    expect(result.expired).toBe(1);
    expect(await t.db.select().from(exports).where(eq(exports.id, oldId))).toEqual([]);
    expect(await t.db.select().from(exportChunks).where(eq(exportChunks.exportId, oldId))).toEqual([]);
    expect(kept.state).toBe('completed');
    expect(Date.parse(kept.expiresAt) - Date.parse(kept.finishedAt)).toBe(7 * 86_400_000);
    expect((await agent.request({ method: 'GET', url: `/api/exports/${newId}/download` })).statusCode).toBe(200);
  });

  test('an export a stopped instance left processing is run by the exports job, once', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'ex-stranded@example.com');
    const [row] = await t.db
      .insert(exports)
      .values({
        userId,
        source: { kind: 'directory', filters: {} },
        options: { format: 'json', language: 'en' },
        rowCap: 10_000,
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    const deps = { db: t.db, dbKind: t.handle.kind, config: t.config };

    const [first, second] = await Promise.all([maintainExports(deps, new Date()), maintainExports(deps, new Date())]);

    expect(first.recovered + second.recovered).toBe(1);
    const done = await waitForExport(agent, row?.id as string);
    expect(done).toMatchObject({ state: 'completed', rowCount: 3 });
  });

  test("another user's saved search or watchlist as a source is a 404 before anything is counted", async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'ex-src-owner@example.com');
    const thief = await signUpWithPoints(t.app, t.db, 'ex-src-thief@example.com');
    const saved = (
      await owner.agent.request({
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'Mine', query: { q: 'a' } },
      })
    ).json();
    const list = (
      await owner.agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'Mine' } })
    ).json();

    const bySaved = await createExport(thief.agent, {
      ...DIRECTORY_CSV,
      source: { kind: 'saved_search', id: saved.id },
    });
    const byList = await createExport(thief.agent, { ...DIRECTORY_CSV, source: { kind: 'watchlist', id: list.id } });
    const byProject = await createExport(thief.agent, {
      ...DIRECTORY_CSV,
      source: { kind: 'project_history', projectId: 'nope', from: '2026-01-01', to: '2026-01-31' },
    });

    expect([bySaved.statusCode, bySaved.json().error.code]).toEqual([404, 'SAVED_SEARCH_NOT_FOUND']);
    expect([byList.statusCode, byList.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect([byProject.statusCode, byProject.json().error.code]).toEqual([404, 'PROJECT_NOT_FOUND']);
    const usage = (await thief.agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'dailyExports').used).toBe(0);
  });
});
