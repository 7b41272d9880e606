import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import {
  CatalogueProjectSchema,
  CatalogueSectorSchema,
  FullExportSchema,
  readCatalogue,
} from '../catalogue/catalogue.service.ts';
import { writeFullExport } from './full-export.service.ts';

describe('GET /api/admin/export', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue is loaded
    admin = await signUpAdmin(t.app, t.db, 'export-admin@example.com');
    // A project discovered by ingestion: no curated texts, no chains yet.
    await insertProject(t.db, { id: 'zz-discovered', name: 'Discovered', chains: [], introEn: null, category: 'DeFi' });
  });
  afterAll(() => t.close());

  test('an admin downloads { projects, sectors, exportTime, version } as an attachment, valid against its schema', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/export' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="heatrank-export-${date}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = FullExportSchema.parse(JSON.parse(res.body));
    expect(file.version).toBe('1.0');
    expect(Math.abs(Date.parse(file.exportTime) - Date.now())).toBeLessThan(60_000);
    const catalogue = readCatalogue();
    expect(file.projects).toHaveLength(catalogue.projects.length + 1);
    expect(file.projects.find((p) => p.id === 'zz-discovered')).toMatchObject({ chains: [], introEn: null });
    expect(file.sectors).toHaveLength(catalogue.sectors.length);
  });

  test('the catalogue comes back as it was loaded: each entry strictly in the catalogue schema, equal to its source', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/export' });

    const file = FullExportSchema.parse(JSON.parse(res.body));
    const catalogue = readCatalogue();
    const byId = new Map(file.projects.map((p) => [p.id, p]));
    for (const source of catalogue.projects) {
      const exported = byId.get(source.id);
      expect(CatalogueProjectSchema.parse(exported)).toEqual(source);
    }
    const sectors = new Map(file.sectors.map((s) => [s.id, s]));
    for (const source of catalogue.sectors) expect(CatalogueSectorSchema.parse(sectors.get(source.id))).toEqual(source);
  });

  test('pages are read by key: every project exactly once, whatever the page size', async () => {
    let text = '';
    let chunks = 0;
    for await (const chunk of writeFullExport(t.db, new Date(), 7)) {
      text += chunk;
      chunks++;
    }

    const ids = FullExportSchema.parse(JSON.parse(text)).projects.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(readCatalogue().projects.length + 1);
    expect(chunks).toBeGreaterThan(ids.length / 7);
  });

  test('a signed-in user who is not an admin gets 403, a visitor 401', async () => {
    const { agent } = await signUpAgent(t.app, 'export-user@example.com');

    const user = await agent.request({ method: 'GET', url: '/api/admin/export' });
    const visitor = await createAgent(t.app).request({ method: 'GET', url: '/api/admin/export' });

    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('ADMIN_REQUIRED');
    expect(visitor.statusCode).toBe(401);
  });
});
