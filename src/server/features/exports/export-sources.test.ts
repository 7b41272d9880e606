import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ExportSource, pdfColumnsOf } from '../../../shared/api/exports.schema.ts';
import { PROJECT_SORTS } from '../../../shared/api/projects.values.ts';
import { HEAT_MODEL_VERSION } from '../../../shared/scoring/weights.ts';
import { heatHistory, projects, sectors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertSector } from '../../test/factories.ts';
import { listProjects, readProjectList } from '../projects/projects.service.ts';
import { createSaved, insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import type { ExportRow } from './export-document.ts';
import { buildExportDocument, type SourceContext } from './export-sources.ts';

async function collect(rows: AsyncIterable<ExportRow>): Promise<ExportRow[]> {
  const out: ExportRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('export sources: the rows and columns of each source', () => {
  let t: TestApp;
  let ctx: SourceContext;
  let other: SourceContext;
  let owner: Awaited<ReturnType<typeof signUpWithPoints>>;
  const now = new Date('2026-11-24T12:00:00Z');

  const build = async (
    source: ExportSource,
    options: { columns?: string[]; language?: 'zh' | 'en'; raw?: boolean; format?: 'csv' | 'pdf' } = {},
    c = ctx,
  ) => {
    const built = await buildExportDocument(c, source, { language: 'en', ...options });
    const [table] = built.document.tables;
    return { ...built, table, rows: await collect(table?.rows ?? (async function* () {})()) };
  };

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'gaming', name: 'Gaming' });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertProjects(t.db, [
      { id: 'alpha', heat: 80 },
      { id: 'beta', heat: 60, category: 'Gaming' },
      { id: 'delta', heat: 60, category: 'Gaming' },
      { id: 'gamma', heat: null },
      { id: 'omega', heat: 20 },
    ]);
    await t.db
      .update(projects)
      .set({
        price: 2,
        priceChange24h: 10,
        metricSources: { marketCap: { source: 'coingecko', asOf: '2026-11-24T10:00:00.000Z' } },
      })
      .where(eq(projects.id, 'alpha'));
    owner = await signUpWithPoints(t.app, t.db, 'src-owner@example.com');
    const stranger = await signUpWithPoints(t.app, t.db, 'src-other@example.com');
    const premium = (userId: string) =>
      ({ userId, level: 'premium', actualLevel: 'premium', testLevel: null }) as const;
    ctx = { db: t.db, viewer: premium(owner.userId), rowCap: null, now };
    other = { ...ctx, viewer: premium(stranger.userId) };
  });
  afterAll(() => t.close());

  test("the directory with its filters: the Gaming sector's projects, heat order, ties by id", async () => {
    const { rows, table, matched, truncated } = await build(
      { kind: 'directory', filters: { category: 'gaming' } },
      { columns: ['name', 'heatScore', 'category'] },
    );

    expect(table?.columns.map((c) => [c.key, c.label, c.type])).toEqual([
      ['name', 'Name', 'text'],
      ['heatScore', 'Heat', 'decimal'],
      ['category', 'Sector', 'text'],
    ]);
    expect(rows).toEqual([
      { name: 'Project beta', heatScore: 60, category: 'Gaming' },
      { name: 'Project delta', heatScore: 60, category: 'Gaming' },
    ]);
    expect([matched, truncated]).toEqual([2, false]);
  });

  test('reading the directory in keyset pages gives exactly the list order, for every sort and both orders', async () => {
    for (const sort of PROJECT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const listed = await listProjects(t.db, { sort, order, limit: 100, offset: 0 }, new Date());
        const read = await readProjectList(t.db, { sort, order }, null, 2);
        const ids: string[] = [];
        for await (const item of read.rows) ids.push(item.id);
        expect([sort, order, ids]).toEqual([sort, order, listed.items.map((i) => i.id)]);
        expect(read.total).toBe(5);
      }
    }
  });

  test('a row cap keeps the first rows and the metadata says rows were cut', async () => {
    const { rows, truncated, matched, document } = await build(
      { kind: 'directory', filters: {} },
      { columns: ['id'] },
      { ...ctx, rowCap: 2 },
    );

    expect(rows).toEqual([{ id: 'alpha' }, { id: 'beta' }]);
    expect([matched, truncated]).toEqual([5, true]);
    expect(document.metadata.filters['Row limit']).toBe('First 2 of 5 rows (exports without a row limit are VIP)');
  });

  test('metadata: title and labels in the language, model version, sources with their as-of', async () => {
    const { document, table } = await build(
      { kind: 'directory', filters: { sort: 'name', chain: 'ethereum' } },
      { language: 'zh', columns: ['name', 'marketSource'] },
    );

    expect(document.metadata).toMatchObject({
      title: '项目分析',
      language: 'zh',
      generatedAt: now,
      modelVersion: HEAT_MODEL_VERSION,
      filters: { 排序: 'name', 公链: 'ethereum' },
    });
    expect(document.metadata.sources).toEqual([{ source: 'coingecko', asOf: new Date('2026-11-24T10:00:00.000Z') }]);
    expect(table?.columns.map((c) => c.label)).toEqual(['名称', '行情数据来源']);
  });

  test('readable values: a Chinese file names the sector (rows and filter) by its Chinese name; raw keeps the id', async () => {
    await t.db.update(sectors).set({ nameZh: '游戏' }).where(eq(sectors.id, 'gaming'));
    const source = { kind: 'directory', filters: { category: 'Gaming' } } as const;
    const zh = await build(source, { language: 'zh', columns: ['id', 'category', 'heatScore'] });
    const raw = await build(source, { language: 'zh', columns: ['id', 'category'], raw: true });
    const pdf = await build(source, { language: 'zh', format: 'pdf', raw: true });

    expect(zh.document.metadata.filters).toEqual({ 板块: '游戏' });
    expect(zh.rows).toEqual([
      { id: 'beta', category: '游戏', heatScore: 60 },
      { id: 'delta', category: '游戏', heatScore: 60 },
    ]);
    expect(raw.table?.columns.map((c) => c.label)).toEqual(['id', 'category']);
    expect(raw.rows.map((r) => r.category)).toEqual(['Gaming', 'Gaming']);
    // A pdf is read by a person (never raw) and starts from the print set.
    expect(pdf.table?.columns.map((c) => c.key)).toEqual(pdfColumnsOf('directory'));
    expect(pdf.rows[0]?.category).toBe('游戏');
    await t.db.update(sectors).set({ nameZh: null }).where(eq(sectors.id, 'gaming'));
  });

  test('a search: its text and premium filters, the same matches as /api/search, and it is not counted as a search', async () => {
    const searcher = await signUpWithPoints(t.app, t.db, 'src-searcher@example.com');
    const { rows } = await build(
      { kind: 'search', query: { q: 'Project', heatMin: '50' } },
      { columns: ['id', 'heatScore'] },
    );
    const usage = (await owner.agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    const searched = (await searcher.agent.request({ method: 'GET', url: '/api/search?q=Project&heatMin=50' })).json();

    expect(rows.map((r) => r.id)).toEqual(searched.items.map((i: { id: string }) => i.id));
    expect([...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([
      { id: 'alpha', heatScore: 80 },
      { id: 'beta', heatScore: 60 },
      { id: 'delta', heatScore: 60 },
    ]);
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'dailySearches').used).toBe(0);
  });

  test("a saved search: the owner's only, its stored query; another user's id is SAVED_SEARCH_NOT_FOUND", async () => {
    const saved = (await createSaved(owner.agent, { name: 'Gaming only', query: { category: 'Gaming' } })).json();

    const { rows, document } = await build({ kind: 'saved_search', id: saved.id }, { columns: ['id'] });

    expect(rows).toEqual([{ id: 'beta' }, { id: 'delta' }]);
    expect(document.metadata.filters).toMatchObject({ 'Saved search': 'Gaming only', Sector: 'Gaming' });
    await expect(build({ kind: 'saved_search', id: saved.id }, {}, other)).rejects.toMatchObject({
      code: 'SAVED_SEARCH_NOT_FOUND',
    });
  });

  test('a watchlist: holdings and portfolio figures when present, none invented; another user gets NOT_FOUND', async () => {
    const list = (
      await owner.agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'Mine' } })
    ).json();
    const plain = (
      await owner.agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'Plain' } })
    ).json();
    const add = (id: string, payload: object) =>
      owner.agent.request({ method: 'POST', url: `/api/watchlists/${id}/items`, payload });
    await add(list.id, { projectId: 'alpha', amount: 10, costBasis: 15 });
    await add(list.id, { projectId: 'beta', amount: 3 });
    await add(plain.id, { projectId: 'alpha' });

    const held = await build({ kind: 'watchlist', id: list.id }, { raw: true });
    const watched = await build({ kind: 'watchlist', id: plain.id }, { raw: true });

    expect(held.table?.columns.map((c) => c.key)).toContain('pnl');
    expect(held.rows.map((r) => [r.id, r.amount, r.value, r.pnl])).toEqual([
      ['alpha', 10, 20, 5],
      ['beta', 3, null, null],
    ]);
    expect(watched.table?.columns.map((c) => c.key)).not.toContain('amount');
    await expect(build({ kind: 'watchlist', id: list.id }, {}, other)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('a sector: its projects; an unknown sector is SECTOR_NOT_FOUND', async () => {
    const { rows, document } = await build({ kind: 'sector', id: 'gaming' }, { columns: ['id'] });

    expect(rows).toEqual([{ id: 'beta' }, { id: 'delta' }]);
    expect(document.metadata.title).toBe('Sector: Gaming');
    await expect(build({ kind: 'sector', id: 'nope' })).rejects.toMatchObject({ code: 'SECTOR_NOT_FOUND' });
  });

  test("one project's history: every stored row in the date range (both days included), oldest first", async () => {
    const at = (iso: string) => new Date(iso);
    await t.db.insert(heatHistory).values(
      [
        '2026-10-31T23:59:00Z',
        '2026-11-01T00:00:00Z',
        '2026-11-01T12:00:00Z',
        '2026-11-02T23:59:59Z',
        '2026-11-03T00:00:00Z',
      ].map((iso, i) => ({
        entityType: 'project' as const,
        entityId: 'alpha',
        computedAt: at(iso),
        score: 50 + i,
        socialScore: null,
        model: HEAT_MODEL_VERSION,
      })),
    );

    const { rows, document } = await build(
      { kind: 'project_history', projectId: 'alpha', from: '2026-11-01', to: '2026-11-02' },
      { columns: ['at', 'heatScore', 'backfilled'], raw: true },
    );

    expect(rows).toEqual([
      { at: at('2026-11-01T00:00:00Z'), heatScore: 51, backfilled: false },
      { at: at('2026-11-01T12:00:00Z'), heatScore: 52, backfilled: false },
      { at: at('2026-11-02T23:59:59Z'), heatScore: 53, backfilled: false },
    ]);
    expect(document.metadata.dateRange).toEqual({ from: at('2026-11-01T00:00:00Z'), to: at('2026-11-03T00:00:00Z') });
    await expect(
      build({ kind: 'project_history', projectId: 'nope', from: '2026-11-01', to: '2026-11-02' }),
    ).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});
