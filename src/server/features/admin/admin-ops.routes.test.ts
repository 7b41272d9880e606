import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DbSetupResponseSchema,
  MAINTENANCE_ACTIONS,
  MaintenanceResponseSchema,
} from '../../../shared/api/admin-ops.schema.ts';
import { queryRows, readJournal } from '../../db/client.ts';
import { withJobLock } from '../../runs/job-lock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { createAgent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { maintenanceJobName } from './maintenance.service.ts';

// /api/admin/db-setup and /api/admin/maintenance/:action. The route walk in
// admin.routes.test.ts covers their 401s for visitors and 403s for users too.

const NOW = Date.now();

describe('admin database setup and maintenance', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    admin = await signUpAdmin(t.app, t.db, 'ops@example.com');
  });
  afterAll(() => t.close());

  const post = (agent: Agent, action: string) =>
    agent.request({ method: 'POST', url: `/api/admin/maintenance/${action}?lang=en`, payload: {} });

  test('a visitor and a user are refused, an admin is answered', async () => {
    const { agent: user } = await signUpAgent(t.app, 'user@example.com');
    for (const [agent, status, code] of [
      [createAgent(t.app), 401, 'UNAUTHORIZED'],
      [user, 403, 'ADMIN_REQUIRED'],
    ] as const) {
      const setup = await agent.request({ method: 'GET', url: '/api/admin/db-setup' });
      const run = await post(agent, 'recount-sectors');

      expect(setup.statusCode).toBe(status);
      expect(run.statusCode).toBe(status);
      expect(run.json().error.code).toBe(code);
    }
    expect((await admin.request({ method: 'GET', url: '/api/admin/db-setup' })).statusCode).toBe(200);
  });

  test('db-setup names the database, its migrations, tables and size', async () => {
    await insertProject(t.db, { id: 'counted', name: 'Counted', category: 'Infrastructure' });

    const res = await admin.request({ method: 'GET', url: '/api/admin/db-setup' });

    const body = DbSetupResponseSchema.parse(res.json());
    expect(body.kind).toBe(t.handle.kind);
    const tags = readJournal().map((m) => m.tag);
    expect(body.migrations).toEqual({ applied: tags, available: tags, pending: [] });
    const projects = body.tables.find((r) => r.table === 'projects');
    expect(projects).toEqual({ table: 'projects', rows: 1, estimated: false });
    expect(body.tables.map((r) => r.table)).toContain('search_suggest_prefixes');
    expect(body.size.bytes).toBeGreaterThan(1_000_000);
    expect(body.moveSteps).toEqual(['install', 'createDatabase', 'stopServer', 'copy', 'setUrl', 'start']);
    if (t.config.DATABASE_URL) {
      const url = new URL(t.config.DATABASE_URL);
      expect(body.connection).toEqual({
        host: url.hostname,
        port: Number(url.port || 5432),
        database: url.pathname.slice(1),
        dataDir: null,
      });
    } else {
      expect(body.connection).toEqual({ host: null, port: null, database: null, dataDir: null });
    }
  });

  test('db-setup never shows the password of DATABASE_URL', async () => {
    if (!t.config.DATABASE_URL) return; // PGlite has no URL: the PostgreSQL run (TEST_DATABASE_URL) checks this
    const url = new URL(t.config.DATABASE_URL);
    url.username = 'postgres';
    url.password = 'S3cret-pass-word';
    const other = await buildTestApp({ catalogue: false, databaseOf: t, env: { DATABASE_URL: url.toString() } });
    try {
      const agent = await signUpAdmin(other.app, other.db, 'ops2@example.com');

      const res = await agent.request({ method: 'GET', url: '/api/admin/db-setup' });

      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('S3cret-pass-word');
      expect(res.body).not.toContain('postgres://');
      expect(res.json().connection.database).toBe(url.pathname.slice(1));
    } finally {
      await other.closeKeepingDatabase();
    }
  });

  test('remove-unnamed deletes projects whose name is blank, recounts their sector, and records the run', async () => {
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertProject(t.db, { id: 'blank', name: '   ', category: 'DeFi' });
    await insertProject(t.db, { id: 'tabbed', name: '\t\u3000', category: 'DeFi' });
    await insertProject(t.db, { id: 'named', name: 'Named', category: 'DeFi' });

    const res = await post(admin, 'remove-unnamed');

    expect(res.statusCode).toBe(200);
    const body = MaintenanceResponseSchema.parse(res.json());
    expect(body).toMatchObject({ action: 'remove-unnamed', status: 'success', counts: { removed: 2 } });
    const ids = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM projects ORDER BY id`);
    expect(ids.map((r) => r.id)).toEqual(['counted', 'named']);
    const sector = await queryRows<{ n: number }>(t.db, sql`SELECT project_count AS n FROM sectors WHERE id = 'defi'`);
    expect(sector[0]?.n).toBe(1);
    const run = await queryRows<{ job: string; trigger: string; status: string; counts: Record<string, number> }>(
      t.db,
      sql`SELECT job, trigger, status, counts FROM sync_runs WHERE id = ${body.runId}`,
    );
    expect(run[0]).toMatchObject({ job: 'maintenance:remove-unnamed', trigger: 'manual', status: 'success' });
    expect(run[0]?.counts.removed).toBe(2);
  });

  test('recount-sectors fixes a wrong stored count', async () => {
    await t.db.execute(sql`UPDATE sectors SET project_count = 99 WHERE id = 'defi'`);

    const body = MaintenanceResponseSchema.parse((await post(admin, 'recount-sectors')).json());

    expect(body.counts.changed).toBeGreaterThanOrEqual(1);
    const sector = await queryRows<{ n: number }>(t.db, sql`SELECT project_count AS n FROM sectors WHERE id = 'defi'`);
    expect(sector[0]?.n).toBe(1);
  });

  test('vacuum runs outside a transaction on either database', async () => {
    const body = MaintenanceResponseSchema.parse((await post(admin, 'vacuum')).json());

    expect(body.status).toBe('success');
    expect(body.counts.tables).toBeGreaterThan(30);
    const analysed = await queryRows<{ at: string | null }>(
      t.db,
      sql`SELECT coalesce(last_analyze, last_autoanalyze)::text AS at FROM pg_stat_user_tables WHERE relname = 'projects'`,
    );
    expect(analysed[0]?.at).not.toBeNull();
  });

  test('compact-history is the retention job run now: old runs become hourly rows', async () => {
    await t.db.execute(sql`
      INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model)
      SELECT 'project', 'named', to_timestamp(${NOW / 1000}) - make_interval(mins => m), m, 'heat-v1'
      FROM generate_series(0, 5 * 24 * 60, 5) AS m`);

    const body = MaintenanceResponseSchema.parse((await post(admin, 'compact-history')).json());

    expect(body.counts.runsDeleted).toBeGreaterThan(0);
    const hourly = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM heat_history WHERE granularity = 'hour'`,
    );
    expect(hourly[0]?.n).toBeGreaterThan(0);
    const run = await queryRows<{ job: string }>(t.db, sql`SELECT job FROM sync_runs WHERE id = ${body.runId}`);
    expect(run[0]?.job).toBe('history-retention');
  });

  test.each(MAINTENANCE_ACTIONS)('%s answers 409 while the same action runs elsewhere', async (action) => {
    const held = await withJobLock(t.db, t.handle.kind, maintenanceJobName(action), () => post(admin, action));

    expect(held.locked).toBe(true);
    const res = held.locked ? held.value : undefined;
    expect(res?.statusCode).toBe(409);
    expect(res?.json().error.code).toBe('MAINTENANCE_RUNNING');
    expect(res?.json().error.message).toContain(action);
  });

  test('an unknown action is a 400', async () => {
    const res = await post(admin, 'drop-everything');

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'db-setup measures an on-disk PGlite by its data directory',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heatrank-db-setup-'));
    const t = await buildTestApp({ catalogue: false, env: { DATA_DIR: dir, CATALOGUE_AUTOLOAD: 'false' } });
    try {
      const admin = await signUpAdmin(t.app, t.db, 'disk@example.com');

      const body = DbSetupResponseSchema.parse(
        (await admin.request({ method: 'GET', url: '/api/admin/db-setup' })).json(),
      );

      expect(body.connection).toEqual({ host: null, port: null, database: null, dataDir: dir });
      expect(body.size.source).toBe('data_dir');
      expect(body.size.bytes).toBeGreaterThan(10_000_000); // a migrated PGlite cluster is tens of MB on disk
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  60_000,
);
