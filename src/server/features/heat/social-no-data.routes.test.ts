import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProjectHeatResponseSchema } from '../../../shared/api/heat.schema.ts';
import { ProjectListResponseSchema, ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { bearer, createKey, signUpVip } from '../api-keys/api-keys.test-support.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { createExport, waitForExport } from '../exports/exports.test-support.ts';
import { recomputeHeat } from './recompute.service.ts';

// No invented numbers: a project with no social input has social score null ("no data") on every read path — the page,
// the list and its sort, /api/v1, exports — never the social formula's base 50. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.

describe('a project without social input: social score null everywhere', () => {
  let t: TestApp;
  let vip: { agent: Agent; userId: string };
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    // quiet: scored on market figures alone, and holding the stale 50 a run before migration 0037 wrote.
    await insertProject(t.db, {
      id: 'quiet',
      name: 'Quiet',
      category: 'DeFi',
      marketCap: 5e8,
      volume24h: 2e7,
      socialScore: 50,
    });
    // loud: an X profile read (200k followers → 50 + 20 = 70).
    await insertProject(t.db, {
      id: 'loud',
      name: 'Loud',
      category: 'DeFi',
      marketCap: 1e8,
      followersTwitter: 200_000,
    });
    await insertProject(t.db, { id: 'empty', name: 'Empty', category: 'DeFi' });
    await recomputeHeat(t.db, { now: new Date() });
    vip = await signUpVip(t.app, t.db, 'social-null@example.com');
    key = (await createKey(vip.agent)).key;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  test('the project page and its score breakdown: null, the breakdown adds nothing (no base granted)', async () => {
    const page = ProjectSchema.parse((await get('/api/projects/quiet')).json());
    const heat = ProjectHeatResponseSchema.parse((await get('/api/projects/quiet/heat')).json());
    const loud = ProjectSchema.parse((await get('/api/projects/loud')).json());

    expect(page.heatScore).not.toBeNull(); // scored on its market figures
    expect(page.socialScore).toBeNull(); // the stale 50 was replaced by the recompute
    expect(heat.socialScore).toBeNull();
    expect(heat.socialBreakdown.every((e) => e.contribution === 0)).toBe(true);
    expect(loud.socialScore).toBe(70);
  });

  test('the list sorted by social score: null after every score, in both orders', async () => {
    const desc = ProjectListResponseSchema.parse((await get('/api/projects?sort=social&order=desc')).json());
    const asc = ProjectListResponseSchema.parse((await get('/api/projects?sort=social&order=asc')).json());

    expect(desc.items.map((p) => [p.id, p.socialScore])).toEqual([
      ['loud', 70],
      ['empty', null],
      ['quiet', null],
    ]);
    expect(asc.items.map((p) => p.id)).toEqual(['loud', 'empty', 'quiet']);
  });

  test('the sector averages only the members with a social score', async () => {
    const sectors = SectorListResponseSchema.parse((await get('/api/sectors')).json());

    expect(sectors.items.find((s) => s.id === 'defi')?.socialScore).toBe(70);
  });

  test('/api/v1: the list and the project say null', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/projects?sort=social', headers: bearer(key) });
    const one = await t.app.inject({ method: 'GET', url: '/api/v1/projects/quiet', headers: bearer(key) });

    expect(list.statusCode).toBe(200);
    const items = ProjectListResponseSchema.parse(list.json()).items;
    expect(items.find((p) => p.id === 'quiet')?.socialScore).toBeNull();
    expect(ProjectSchema.parse(one.json()).socialScore).toBeNull();
  });

  test('a CSV export of the directory: "no data" in words (raw: an empty cell), never 0 or 50', async () => {
    const exportCsv = async (raw: boolean) => {
      const created = await createExport(vip.agent, {
        source: { kind: 'directory', filters: {} },
        options: { format: 'csv', language: 'en', columns: ['id', 'socialScore'], includeMetadata: false, raw },
      });
      const done = await waitForExport(vip.agent, created.json().id);
      expect(done.state).toBe('completed');
      const download = await vip.agent.request({ method: 'GET', url: `/api/exports/${done.id}/download` });
      const rows = download.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(','));
      return Object.fromEntries(rows.map(([id, social]) => [id, social]));
    };

    expect(await exportCsv(false)).toEqual({ loud: '70', quiet: 'no data', empty: 'no data' });
    expect(await exportCsv(true)).toEqual({ loud: '70', quiet: '', empty: '' });
  });
});
