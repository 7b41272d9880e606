import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ImportResultSchema } from '../../../shared/api/admin-data.schema.ts';
import { queryRows } from '../../db/client.ts';
import { adminAudit, projectScores, syncRuns } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import { type FullExport, FullExportSchema } from '../catalogue/catalogue.service.ts';
import { bulkProject } from './bulk-project.test-support.ts';

/** A fingerprint of every catalogue table: what an import may change, row for row. */
async function snapshot(t: TestApp) {
  const rows = await queryRows<{ p: string; s: string; sc: string }>(
    t.db,
    sql`SELECT
      (SELECT md5(coalesce(string_agg(p::text, '|' ORDER BY p.id), '')) FROM projects p) AS p,
      (SELECT md5(coalesce(string_agg(s::text, '|' ORDER BY s.id), '')) FROM sectors s) AS s,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.project_id), '')) FROM project_scores x) AS sc`,
  );
  return rows[0];
}

describe('admin import', () => {
  let t: TestApp;
  let admin: Agent;
  let exported: FullExport;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue
    admin = await signUpAdmin(t.app, t.db, 'import-admin@example.com');
    exported = FullExportSchema.parse(
      JSON.parse((await admin.request({ method: 'GET', url: '/api/admin/export' })).body),
    );
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => admin.request({ method: 'POST', url, payload: payload as object });

  test('a file without a projects list: 400 with the spec message in zh and en, nothing changed', async () => {
    const before = await snapshot(t);

    const zh = await post('/api/admin/import', { sectors: [] });
    const en = await post('/api/admin/import?lang=en', [1, 2]);
    const preview = await post('/api/admin/import/preview?lang=en', { projects: 'no' });

    expect(zh.statusCode).toBe(400);
    expect(zh.json().error).toEqual({ code: 'INVALID_DATA_FORMAT', message: '无效的数据格式' });
    expect(en.json().error).toEqual({ code: 'INVALID_DATA_FORMAT', message: 'invalid data format' });
    expect(preview.json().error.code).toBe('INVALID_DATA_FORMAT');
    expect(await snapshot(t)).toEqual(before);
  });

  test('1,000 rows with one bad: 400 naming the row and field, nothing changed (no audit entry either)', async () => {
    const before = await snapshot(t);
    const audits = (await t.db.select().from(adminAudit)).length;
    const rows: unknown[] = Array.from({ length: 1000 }, (_, i) => bulkProject(i));
    rows[637] = { ...bulkProject(637), chains: 'Ethereum' };

    const res = await post('/api/admin/import?mode=replace&lang=en', { projects: rows });
    const merge = await post('/api/admin/import', { projects: rows });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'IMPORT_ROW_INVALID',
      details: { list: 'projects', row: 637, field: 'chains' },
    });
    expect(res.json().error.message).toMatch(/^projects\[637\]\.chains is invalid: .+ \(nothing was imported\)$/);
    expect(merge.json().error.message).toMatch(/^projects\[637\] 的 chains 无效/);
    expect(await snapshot(t)).toEqual(before);
    expect((await t.db.select().from(adminAudit)).length).toBe(audits);
  });

  test('a row the database refuses (a sector name already taken) is named; nothing changed, the run logged failed', async () => {
    const before = await snapshot(t);
    const taken = { ...exported.sectors[0]!, id: 'another-id' };
    const file = { projects: [bulkProject(5)], sectors: [...exported.sectors, taken] };

    const res = await post('/api/admin/import?lang=en', file);

    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ list: 'sectors', row: exported.sectors.length });
    expect(res.json().error.details.field).toMatch(/name/);
    expect(await snapshot(t)).toEqual(before);
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'admin-import'));
    expect(runs.at(-1)).toMatchObject({ status: 'failed', errors: ['IMPORT_ROW_INVALID'] });
  });

  test('a duplicate id is named too', async () => {
    const res = await post('/api/admin/import?lang=en', { projects: [bulkProject(1), bulkProject(2), bulkProject(1)] });

    expect(res.json().error.details).toEqual({
      list: 'projects',
      row: 2,
      field: 'id',
      rule: 'duplicate',
      message: '“bulk-0001” appears more than once',
    });
  });

  test('preview reports added, changed and (replace only) removed, and writes nothing', async () => {
    const before = await snapshot(t);
    const changed = { ...exported.projects[3]!, name: 'Renamed in file' };
    const file = { projects: [changed, ...exported.projects.slice(4), bulkProject(1)] };

    const merge = ImportResultSchema.parse((await post('/api/admin/import/preview', file)).json());
    const replace = ImportResultSchema.parse((await post('/api/admin/import/preview?mode=replace', file)).json());

    expect(merge.written).toBe(false);
    expect(merge.projects.added).toEqual({ count: 1, ids: ['bulk-0001'] });
    expect(merge.projects.changed).toEqual({ count: 1, ids: [changed.id] });
    expect(merge.projects.removed).toEqual({ count: 0, ids: [] });
    expect(merge.projects.unchanged).toBe(exported.projects.length - 4);
    expect(replace.projects.removed.ids).toEqual(exported.projects.slice(0, 3).map((p) => p.id));
    expect(replace.sectors).toMatchObject({ removed: { count: 0 }, unchanged: exported.sectors.length });
    expect(await snapshot(t)).toEqual(before);
  });

  // Was "new projects start at 50, a given heat_score is used": heat is the engine's output from a project's inputs, so
  // an imported project without inputs is unscored and a file's heat_score is not stored (docs/admin.md "Heat").
  test('merge: upserts without removing; new projects unscored, a heat_score ignored, scored by the recompute it starts; audited and run-logged', async () => {
    const changed = { ...exported.projects[0]!, name: 'Merged name' };
    const withInputs = {
      ...bulkProject(3),
      sample: { asOf: '2025-06-30', marketCapUsd: 1e9, volume24hUsd: 2e7, twitterFollowers: 50_000 },
    };
    const file = { projects: [changed, bulkProject(1), { ...bulkProject(2), heat_score: 71.5 }, withInputs] };

    const res = await post('/api/admin/import', file);
    await t.app.heatRescore.settled();

    const result = ImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ mode: 'merge', written: true });
    expect(result.projects.added.ids).toEqual(['bulk-0001', 'bulk-0002', 'bulk-0003']);
    expect(result.projects.changed.ids).toEqual([changed.id]);
    const scores = async (id: string) =>
      (await t.db.select().from(projectScores).where(eq(projectScores.projectId, id)))[0];
    expect(await scores('bulk-0001')).toMatchObject({ heatScore: null, socialScore: null, status: null });
    expect(await scores('bulk-0002')).toMatchObject({ heatScore: null, socialScore: null, status: null });
    const scored = await scores('bulk-0003'); // scored by the triggered recompute, social from its followers
    expect(scored?.heatScore).toBeGreaterThan(0);
    expect(scored).toMatchObject({ socialScore: 65, status: expect.any(String) });
    const page = await admin.request({ method: 'GET', url: `/api/projects/${changed.id}` });
    expect(page.json().name).toBe('Merged name');
    const [entry] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'import.merge'));
    expect(entry?.after).toMatchObject({ mode: 'merge', rows: 4, projects: { added: 3, changed: 1, removed: 0 } });
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'admin-import'));
    expect(runs.find((r) => r.status === 'success')).toMatchObject({
      status: 'success',
      counts: { rows: 4, added: 3, changed: 1, removed: 0 },
    });
  });

  test('round trip: replace-import of an export after a wipe gives the identical export, row for row', async () => {
    const original = (await admin.request({ method: 'GET', url: '/api/admin/export' })).json() as FullExport;

    const wipe = await post('/api/admin/import?mode=replace', {
      projects: [original.projects[0]],
      sectors: original.sectors,
    });
    const wiped = (await admin.request({ method: 'GET', url: '/api/admin/export' })).json() as FullExport;
    const back = await post('/api/admin/import?mode=replace', original);
    const again = (await admin.request({ method: 'GET', url: '/api/admin/export' })).json() as FullExport;

    expect(wipe.statusCode).toBe(200);
    expect(wiped.projects).toHaveLength(1);
    expect(back.json().projects.added.count).toBe(original.projects.length - 1);
    expect(again.projects).toEqual(original.projects);
    expect(again.sectors).toEqual(original.sectors);
    expect(again.version).toBe(original.version);
  });

  test('the import body may exceed the 1 MB default limit of other routes', async () => {
    const big = {
      projects: Array.from({ length: 3000 }, (_, i) => ({ ...bulkProject(i), descriptionEn: 'x'.repeat(500) })),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);

    const res = await post('/api/admin/import/preview', big);
    const elsewhere = await admin.request({ method: 'PUT', url: '/api/admin/projects/uniswap', payload: big });

    expect(res.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(413);
  });
});
