import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import { adminAudit, projectScores, projects, sectors, syncRuns } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import type { ExportProject } from '../catalogue/catalogue.service.ts';

const newProject = (id: string): ExportProject => ({
  id,
  name: 'Admin Made',
  symbol: 'ADM',
  category: 'DeFi',
  chains: ['Ethereum', 'Base'],
  website: 'https://admin-made.example',
  twitter: 'adminmade',
  telegram: null,
  discord: 'https://discord.gg/adminmade',
  github: ['admin-made'],
  coingeckoId: null,
  listedAt: '2024-05-01',
  sourcePlatform: null,
  tags: ['amm'],
  introEn: 'An exchange made by an admin',
  introZh: '管理员创建的交易所',
  descriptionEn: 'Longer English text',
  descriptionZh: '较长的中文介绍',
  whitepaper: 'https://admin-made.example/paper.pdf',
  team: { en: 'Two founders', zh: '两位创始人' },
  sample: null,
});

describe('admin projects and sectors: CRUD with audit', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue (its sectors include DeFi)
    admin = await signUpAdmin(t.app, t.db, 'crud-admin@example.com');
  });
  afterAll(() => t.close());

  const audit = async (query = '') => {
    const res = await admin.request({ method: 'GET', url: `/api/admin/audit${query}` });
    expect(res.statusCode).toBe(200);
    return AuditResponseSchema.parse(res.json());
  };

  // Was "starts at heat 50": a project created without inputs is unscored ("not enough data", social "no data"),
  // before and after the recompute the create starts — never a placeholder 50 ranked above projects with data.
  test('create: every field is stored, the project is unscored, its page shows it, the audit has the after', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/projects',
      payload: newProject('admin-made'),
    });
    const page = await admin.request({ method: 'GET', url: '/api/projects/admin-made?lang=en' });
    const again = await admin.request({
      method: 'POST',
      url: '/api/admin/projects',
      payload: newProject('admin-made'),
    });

    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual(newProject('admin-made'));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: 'admin-made', name: 'Admin Made', chains: ['Ethereum', 'Base'] });
    expect(page.json()).toMatchObject({ heatScore: null, socialScore: null, evidenceCount: 0 });
    await t.app.heatRescore.settled();
    const [scores] = await t.db.select().from(projectScores).where(eq(projectScores.projectId, 'admin-made'));
    expect(scores).toMatchObject({ heatScore: null, socialScore: null, status: null, evidenceCount: 0 });
    expect(scores?.computedAt).not.toBeNull(); // the triggered recompute ran and found no evidence
    expect(again.statusCode).toBe(409);
    const { items } = await audit('?entity=project&entityId=admin-made');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'project.create', actorEmail: 'crud-admin@example.com', before: null });
    expect(items[0]?.after).toEqual(newProject('admin-made'));
  });

  test('create with inputs: unscored until the recompute the create starts, then scored within seconds (API polled)', async () => {
    const withInputs = {
      ...newProject('admin-scored'),
      sample: { asOf: '2025-06-30', marketCapUsd: 2e9, volume24hUsd: 4e7, twitterFollowers: null },
    };
    const created = new Date();

    const res = await admin.request({ method: 'POST', url: '/api/admin/projects', payload: withInputs });
    const first = (await admin.request({ method: 'GET', url: '/api/projects/admin-scored' })).json();
    let page = first;
    const deadline = Date.now() + 15_000;
    while (page.heatScore === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = (await admin.request({ method: 'GET', url: '/api/projects/admin-scored' })).json();
    }

    expect(res.statusCode).toBe(201);
    // Never a number the engine did not compute: either still unscored, or scored by a run after the create.
    if (first.heatScore !== null) expect(new Date(first.heatComputedAt).getTime()).toBeGreaterThanOrEqual(+created);
    else expect(first).toMatchObject({ heatScore: null, heatComputedAt: null });
    expect(page.heatScore).toBeGreaterThan(0);
    expect(page.heatScore).not.toBe(50);
    expect(page.socialScore).toBeNull(); // market figures only: no social profile read
    expect(new Date(page.heatComputedAt).getTime()).toBeGreaterThanOrEqual(+created);
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'heat'));
    expect(runs.some((r) => r.trigger === 'manual' && r.status === 'success')).toBe(true);
  });

  test('edit: the project page shows the change at once (cache dropped) and the audit holds before and after', async () => {
    const warm = await admin.request({ method: 'GET', url: '/api/projects/uniswap?lang=en' });
    const before = (await admin.request({ method: 'GET', url: '/api/admin/projects/uniswap' })).json() as ExportProject;
    const edited = { ...before, name: 'Uniswap Edited', chains: ['Ethereum'], introZh: '新的简介', telegram: null };

    const res = await admin.request({ method: 'PUT', url: '/api/admin/projects/uniswap', payload: edited });
    const page = await admin.request({ method: 'GET', url: '/api/projects/uniswap?lang=en' });

    expect(warm.json().name).toBe('Uniswap');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(edited);
    expect(page.json()).toMatchObject({ name: 'Uniswap Edited', chains: ['Ethereum'] });
    const { items } = await audit('?entity=project&entityId=uniswap');
    expect(items[0]).toMatchObject({ action: 'project.update', before, after: edited });
  });

  test('bad input is a 400 in the request language, an unknown id a 404; neither writes an audit entry', async () => {
    const count = async () => (await t.db.select().from(adminAudit)).length;
    const entries = await count();

    const bad = await admin.request({
      method: 'PUT',
      url: '/api/admin/projects/uniswap?lang=en',
      payload: { ...newProject('uniswap'), website: 42 },
    });
    const missing = await admin.request({
      method: 'PUT',
      url: '/api/admin/projects/nope',
      payload: newProject('nope'),
    });
    const gone = await admin.request({ method: 'DELETE', url: '/api/admin/projects/nope?lang=en' });

    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(gone.json().error).toEqual({ code: 'PROJECT_NOT_FOUND', message: 'Project "nope" not found' });
    expect(await count()).toBe(entries);
  });

  test('delete: the row and its scores go (cascade), the page 404s, the audit keeps the facts it had', async () => {
    await admin.request({ method: 'POST', url: '/api/admin/projects', payload: newProject('to-delete') });

    const res = await admin.request({ method: 'DELETE', url: '/api/admin/projects/to-delete' });
    const page = await admin.request({ method: 'GET', url: '/api/projects/to-delete' });

    expect(res.json()).toEqual({ id: 'to-delete', deleted: true });
    expect(page.statusCode).toBe(404);
    expect(await t.db.select().from(projectScores).where(eq(projectScores.projectId, 'to-delete'))).toEqual([]);
    const { items } = await audit('?entity=project&entityId=to-delete');
    expect(items.map((i) => i.action)).toEqual(['project.delete', 'project.create']);
    expect(items[0]).toMatchObject({ before: newProject('to-delete'), after: null });
  });

  test('sector edit: texts, colour and icon; a new name renames its projects category; audited', async () => {
    const [defi] = await t.db.select().from(sectors).where(eq(sectors.name, 'DeFi'));
    const members = (await t.db.select().from(projects).where(eq(projects.category, 'DeFi'))).length;
    const payload = {
      name: 'Decentralised Finance',
      nameZh: '去中心化金融',
      descriptionEn: 'Lending, exchanges',
      descriptionZh: '借贷、交易所',
      color: '#123abc',
      icon: 'coins',
    };

    const res = await admin.request({ method: 'PUT', url: `/api/admin/sectors/${defi!.id}`, payload });
    const missing = await admin.request({ method: 'PUT', url: '/api/admin/sectors/nope', payload });
    const [other] = await t.db.select().from(sectors).where(eq(sectors.name, 'Layer2'));
    const taken = await admin.request({ method: 'PUT', url: `/api/admin/sectors/${other!.id}`, payload });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: defi!.id, ...payload });
    expect(missing.statusCode).toBe(404);
    expect(taken.statusCode).toBe(409);
    expect((await t.db.select().from(projects).where(eq(projects.category, 'Decentralised Finance'))).length).toBe(
      members,
    );
    const { items } = await audit(`?entity=sector&entityId=${defi!.id}`);
    expect(items[0]).toMatchObject({ action: 'sector.update', before: { name: 'DeFi' }, after: payload });
    // Back, so the other tests' category stays valid.
    await admin.request({
      method: 'PUT',
      url: `/api/admin/sectors/${defi!.id}`,
      payload: { ...payload, name: 'DeFi' },
    });
  });

  test('50 parallel edits of one project: all succeed, one audit entry each, the chain of before/after is unbroken', async () => {
    const base = (await admin.request({ method: 'GET', url: '/api/admin/projects/aave' })).json() as ExportProject;
    const edits = Array.from({ length: 50 }, (_, i) => ({ ...base, name: `Aave ${i}` }));

    const results = await Promise.all(
      edits.map((payload) => admin.request({ method: 'PUT', url: '/api/admin/projects/aave', payload })),
    );

    expect(results.map((r) => r.statusCode)).toEqual(edits.map(() => 200));
    const { items } = await audit('?entity=project&entityId=aave&limit=200');
    expect(items).toHaveLength(50);
    const name = (value: unknown) => (value as ExportProject).name;
    const chronological = [...items].reverse();
    expect(name(chronological[0]?.before)).toBe('Aave');
    for (let i = 1; i < 50; i++) {
      expect(name(chronological[i]?.before)).toBe(name(chronological[i - 1]?.after));
    }
    const [stored] = await t.db.select({ name: projects.name }).from(projects).where(eq(projects.id, 'aave'));
    expect(stored?.name).toBe(name(chronological[49]?.after));
    expect(new Set(items.map((i) => name(i.after))).size).toBe(50);
  });

  test('an admin gets a 2xx from every route of this feature (the admin-route test covers 403 for the others)', async () => {
    const project = (await admin.request({ method: 'GET', url: '/api/admin/projects/curve' })).json();
    const [sector] = await t.db.select().from(sectors).limit(1);
    const calls = [
      { method: 'GET', url: '/api/admin/audit' },
      { method: 'GET', url: '/api/admin/projects/curve' },
      { method: 'POST', url: '/api/admin/import/preview', payload: { projects: [] } },
      { method: 'POST', url: '/api/admin/import', payload: { projects: [] } },
      { method: 'POST', url: '/api/admin/projects', payload: newProject('two-xx') },
      { method: 'PUT', url: '/api/admin/projects/curve', payload: project },
      { method: 'DELETE', url: '/api/admin/projects/two-xx' },
      { method: 'PUT', url: `/api/admin/sectors/${sector!.id}`, payload: sector },
    ] as const;

    for (const call of calls) {
      const res = await admin.request(call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(300);
    }
  });

  test('the audit is read newest first in keyset pages, each entry once', async () => {
    const all = await audit('?limit=200');
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page: Awaited<ReturnType<typeof audit>> = await audit(`?limit=7${before ? `&before=${before}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      before = page.nextBefore;
    } while (before !== null);

    expect(seen).toEqual(all.items.map((i) => i.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });
});
