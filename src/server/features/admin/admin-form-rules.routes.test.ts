import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import type { ExportProject } from '../catalogue/catalogue.service.ts';
import { bulkProject } from './bulk-project.test-support.ts';

// The admin's writes refuse bad data on the server — links are http(s) addresses, the category
// names an existing sector, each chain is known or added on purpose — on create, update, import and the bare API,
// with 400 naming the field and the rule in zh and en, and nothing changed.

/**
 * Every project row and every sector's facts, hashed, and the audit count: equal before and after a refused write.
 * (A sector's aggregates move with the background recompute an earlier create started, so they are left out.)
 */
async function snapshot(t: TestApp) {
  const [row] = await queryRows<{ p: string; s: string; n: number }>(
    t.db,
    sql`SELECT
      (SELECT md5(coalesce(string_agg(p::text, '|' ORDER BY p.id), '')) FROM projects p) AS p,
      (SELECT md5(coalesce(string_agg(concat_ws('/', s.id, s.name, s.name_zh, s.color, s.icon), '|' ORDER BY s.id), ''))
        FROM sectors s) AS s,
      (SELECT count(*)::int FROM admin_audit) AS n`,
  );
  return row;
}

const project = (id: string, overrides: Partial<ExportProject> = {}): ExportProject => ({
  ...bulkProject(1),
  id,
  name: `Rules ${id}`,
  ...overrides,
});

type Case = { name: string; body: Partial<ExportProject> & { newChains?: string[] }; field: string; rule: string };
const BAD: Case[] = [
  { name: 'a website that is not an address', body: { website: 'not a url' }, field: 'website', rule: 'httpUrl' },
  { name: 'a javascript: link', body: { discord: 'javascript:alert(1)' }, field: 'discord', rule: 'httpUrl' },
  { name: 'a mailto: whitepaper', body: { whitepaper: 'mailto:a@b.example' }, field: 'whitepaper', rule: 'httpUrl' },
  { name: 'a free-typed sector', body: { category: 'Defi' }, field: 'category', rule: 'unknownSector' },
  { name: 'a misspelt chain', body: { chains: ['Ethereum', 'Etherum'] }, field: 'chains.1', rule: 'unknownChain' },
  { name: 'an empty name', body: { name: '' }, field: 'name', rule: 'required' },
  { name: 'an X address for a handle', body: { twitter: 'https://x.com/a' }, field: 'twitter', rule: 'format' },
];

describe('admin project rules', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue: DeFi, Ethereum, …
    admin = await signUpAdmin(t.app, t.db, 'rules-admin@example.com');
    const seeded = await admin.request({ method: 'POST', url: '/api/admin/projects', payload: project('rules-kept') });
    expect(seeded.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, lang: 'zh' | 'en') =>
    admin.request({ method, url, payload, headers: { 'accept-language': lang } });

  describe.each(BAD)('$name', ({ body, field, rule }) => {
    test.each(['zh', 'en'] as const)(
      'create and update refuse it (%s): 400, the field and the rule, nothing changed',
      async (lang) => {
        const before = await snapshot(t);

        const created = await send('POST', '/api/admin/projects', project('rules-new', body), lang);
        const updated = await send('PUT', '/api/admin/projects/rules-kept', project('rules-kept', body), lang);

        for (const res of [created, updated]) {
          expect(res.statusCode).toBe(400);
          const error = res.json().error;
          expect(error.code).toBe('VALIDATION_FAILED');
          expect(error.details).toContainEqual(expect.objectContaining({ field, rule }));
          const issue = error.details.find((d: { field: string }) => d.field === field);
          // Written for people: no schema internals (zod's "Too small: expected string", 数值过小：期望 string).
          expect(issue.message).not.toMatch(/expected|received|>=|期望|Invalid input|string|regex|pattern/i);
          expect(issue.message).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[A-Z“"]/);
          expect(error.message).toContain(field);
        }
        expect(await snapshot(t)).toEqual(before);
      },
    );
  });

  test('a sector differing only in case is suggested, never taken', async () => {
    const res = await send('POST', '/api/admin/projects', project('rules-typo', { category: 'Defi' }), 'en');

    expect(res.json().error.details[0].message).toBe(
      '“Defi” is not a sector: choose one from the sector list (did you mean “DeFi”?), or create the sector first',
    );
  });

  test('a new chain is accepted when added on purpose (newChains), then known to every later write', async () => {
    const refused = await send('POST', '/api/admin/projects', project('rules-chain', { chains: ['Novachain'] }), 'en');
    const added = await send(
      'POST',
      '/api/admin/projects',
      { ...project('rules-chain', { chains: ['Novachain'] }), newChains: ['Novachain'] },
      'en',
    );
    const reused = await send('POST', '/api/admin/projects', project('rules-chain-2', { chains: ['Novachain'] }), 'en');
    const known = await admin.request({ method: 'GET', url: '/api/admin/chains' });

    expect(refused.statusCode).toBe(400);
    expect(added.statusCode).toBe(201);
    expect(reused.statusCode).toBe(201);
    expect(known.json().items).toContain('Novachain');
    expect(known.json().items).toContain('Ethereum');
  });

  test('creating a sector is its own action; a project then joins it and shows on its page at once', async () => {
    const sector = {
      id: 'restaking',
      name: 'Restaking',
      nameZh: '再质押',
      descriptionEn: 'Restaking protocols',
      descriptionZh: '再质押协议',
      color: '#0ea5e9',
      icon: 'layers',
    };
    const before = await snapshot(t);
    const clash = await send('POST', '/api/admin/sectors', { ...sector, id: 'defi-2', name: 'Defi' }, 'zh');
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.details).toEqual([
      { field: 'name', rule: 'sectorExists', message: '已有名为“DeFi”的板块' },
    ]);
    expect(await snapshot(t)).toEqual(before);

    const created = await send('POST', '/api/admin/sectors', sector, 'en');
    const again = await send('POST', '/api/admin/sectors', sector, 'en');
    const joined = await send('POST', '/api/admin/projects', project('rules-restake', { category: 'Restaking' }), 'en');
    const page = await admin.request({ method: 'GET', url: '/api/sectors/restaking?limit=50' });

    expect(created.statusCode).toBe(201);
    expect(again.statusCode).toBe(409);
    expect(joined.statusCode).toBe(201);
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.json())).toContain('rules-restake');
  });

  test('an anonymous or member request is refused before any rule runs', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/sectors', payload: {} });
    expect([401, 403]).toContain(res.statusCode);
  });
});

describe('import rules', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAdmin(t.app, t.db, 'rules-import@example.com');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => admin.request({ method: 'POST', url, payload });

  test.each([
    { name: 'an orphan category', row: { category: 'Defi' }, field: 'category', rule: 'unknownSector' },
    { name: 'a misspelt chain', row: { chains: ['Etherum'] }, field: 'chains.0', rule: 'unknownChain' },
    { name: 'a website that is not an address', row: { website: 'not a url' }, field: 'website', rule: 'httpUrl' },
  ])(
    '$name: 400 naming row, field and rule in zh and en, 0 rows changed (merge, replace, preview)',
    async ({ row, field, rule }) => {
      const before = await snapshot(t);
      const file = { projects: [bulkProject(1), { ...bulkProject(2), ...row }] };

      const results = [
        await post('/api/admin/import?lang=en', file),
        await post('/api/admin/import?mode=replace&lang=zh', file),
        await post('/api/admin/import/preview?lang=en', file),
      ];

      for (const res of results) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'IMPORT_ROW_INVALID',
          details: { list: 'projects', row: 1, field, rule },
        });
        expect(res.json().error.message).not.toMatch(/expected|received|期望|Invalid input/);
      }
      expect(results[0]!.json().error.message).toMatch(/^projects\[1\]\..+ \(nothing was imported\)$/);
      expect(results[1]!.json().error.message).toMatch(/（未导入任何数据）$/);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  test('a file that creates the sector, or lists the new chain, imports', async () => {
    const sector = {
      id: 'rwa-credit',
      name: 'RWA Credit',
      nameZh: '现实资产信贷',
      descriptionEn: null,
      descriptionZh: null,
      color: '#10b981',
      icon: null,
    };
    const file = {
      projects: [{ ...bulkProject(3), category: 'RWA Credit', chains: ['Ethereum', 'Plumechain'] }],
      sectors: [sector],
      chains: ['Plumechain'],
    };

    const res = await post('/api/admin/import?lang=en', file);

    expect(res.statusCode).toBe(200);
    expect(res.json().projects.added.ids).toEqual(['bulk-0003']);
  });

  test('replace with a sectors list: a category naming a sector the file removes is an orphan', async () => {
    const before = await snapshot(t);
    const sectors = [
      {
        id: 'only',
        name: 'Only',
        nameZh: null,
        descriptionEn: null,
        descriptionZh: null,
        color: '#111111',
        icon: null,
      },
    ];

    const res = await post('/api/admin/import?mode=replace&lang=en', { projects: [bulkProject(4)], sectors });

    expect(res.json().error.details).toMatchObject({ row: 0, field: 'category', rule: 'unknownSector' });
    expect(await snapshot(t)).toEqual(before);
  });

  test('a full export imports back as is (it lists its chains)', async () => {
    const exported = await admin.request({ method: 'GET', url: '/api/admin/export' });
    const file = exported.json();

    const res = await post('/api/admin/import/preview?mode=replace', file);

    expect(Array.isArray(file.chains)).toBe(true);
    expect(res.statusCode).toBe(200);
  });
});
