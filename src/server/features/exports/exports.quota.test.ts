import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { consumeQuota } from '../quotas/quotas.service.ts';
import { insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { runExport } from './export-runner.ts';
import { createExport, waitForExport } from './exports.test-support.ts';

const usedExports = async (agent: Agent) => {
  const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json();
  return usage.quotas.find((q: { quota: string }) => q.quota === 'dailyExports').used as number;
};

describe('exports: the daily export quota, retries and failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [{ id: 'alpha', heat: 80 }]);
  });
  afterAll(() => t.close());

  test("the 11th premium export of the day is a 429 with the spec's message; vip is unlimited", async () => {
    const premium = await signUpWithPoints(t.app, t.db, 'q-premium@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await createExport(premium.agent);
      expect(response.statusCode).toBe(202);
      ids.push(response.json().id);
    }

    const eleventh = await createExport(premium.agent);
    const zh = await premium.agent.request({
      method: 'POST',
      url: '/api/exports?lang=zh',
      payload: { source: { kind: 'directory', filters: {} }, options: { format: 'csv' } },
    });

    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('EXPORT_LIMIT_REACHED');
    expect(eleventh.json().error.message).toBe('Daily export limit reached (10 exports)');
    expect(zh.json().error.message).toBe('已达到每日导出次数上限（10 次）');
    expect(await usedExports(premium.agent)).toBe(10);
    for (const id of ids) await waitForExport(premium.agent, id);

    const vip = await signUpWithPoints(t.app, t.db, 'q-vip@example.com', 5000);
    const vipIds: string[] = [];
    for (let i = 0; i < 11; i += 1) vipIds.push((await createExport(vip.agent)).json().id);
    expect(vipIds).toHaveLength(11);
    const last = await waitForExport(vip.agent, vipIds[10] as string);
    expect(last).toMatchObject({ state: 'completed', rowCap: null });
    for (const id of vipIds) await waitForExport(vip.agent, id);
  });

  test('50 parallel creates with 5 exports left: exactly 5 accepted, 45 refused with 429', async () => {
    const user = await signUpWithPoints(t.app, t.db, 'q-parallel@example.com');
    const viewer = { userId: user.userId, level: 'premium', actualLevel: 'premium', testLevel: null } as const;
    for (let i = 0; i < 5; i += 1) {
      await consumeQuota(
        t.db,
        { subject: `user:${user.userId}`, viewer },
        'dailyExports',
        new Date(),
        t.config.DAY_TIME_ZONE,
      );
    }

    const responses = await Promise.all(Array.from({ length: 50 }, () => createExport(user.agent)));

    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    expect(await usedExports(user.agent)).toBe(10);
    for (const r of responses.filter((x) => x.statusCode === 202)) await waitForExport(user.agent, r.json().id);
  });

  test('a failing writer ends the export failed with a message (200 to the client), and its retry is not counted', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'q-retry@example.com');
    const [row] = await t.db
      .insert(exports)
      .values({ userId, source: { kind: 'directory', filters: {} }, options: { format: 'csv' }, rowCap: 10_000 })
      .returning();
    const id = row?.id as string;
    const failing = async () => {
      throw new Error('disk on fire');
    };

    const result = await runExport({ db: t.db, dbKind: t.handle.kind, config: t.config, write: failing }, id);
    const failed = await agent.request({ method: 'GET', url: `/api/exports/${id}?lang=en` });
    const download = await agent.request({ method: 'GET', url: `/api/exports/${id}/download?lang=en` });

    expect(result).toBe('failed');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      state: 'failed',
      error: { code: 'EXPORT_FAILED', message: 'Export Failed: the file could not be written, please retry' },
      fileName: null,
    });
    expect(failed.body).not.toContain('disk on fire');
    expect(download.statusCode).toBe(409);
    expect(download.json().error.code).toBe('EXPORT_NOT_READY');

    const retry = await agent.request({ method: 'POST', url: `/api/exports/${id}/retry` });
    const again = await agent.request({ method: 'POST', url: `/api/exports/${id}/retry` });
    expect(retry.statusCode).toBe(202);
    expect(again.statusCode).toBe(409);
    expect(await waitForExport(agent, id)).toMatchObject({ state: 'completed', rowCount: 1, error: null });
    expect(await usedExports(agent)).toBe(0);
  });

  test("a source gone before its run (a deleted saved search) ends failed with the source's reason", async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'q-gone@example.com');
    const [row] = await t.db
      .insert(exports)
      .values({
        userId,
        source: { kind: 'saved_search', id: '00000000-0000-4000-8000-000000000000' },
        options: { format: 'json', language: 'zh' },
        rowCap: 10_000,
      })
      .returning();

    await runExport({ db: t.db, dbKind: t.handle.kind, config: t.config }, row?.id as string);
    const body = (await agent.request({ method: 'GET', url: `/api/exports/${row?.id}?lang=zh` })).json();

    expect(body).toMatchObject({ state: 'failed', error: { code: 'SAVED_SEARCH_NOT_FOUND' } });
    expect(body.error.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
