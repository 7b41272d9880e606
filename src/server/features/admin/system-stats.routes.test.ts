import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdminStatsResponseSchema } from '../../../shared/api/admin.schema.ts';
import { OperationRunsResponseSchema } from '../../../shared/api/admin-runs.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { syncRuns, userProfiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';

// The system half of GET /api/admin/stats and GET /api/admin/maintenance/runs.

describe('admin system stats and operation runs', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { TELEGRAM_BOT_TOKEN: '12345:tg-secret-token-value' } });
    admin = await signUpAdmin(t.app, t.db, 'ops@example.com');
  });
  afterAll(() => t.close());

  async function setProfile(email: string, values: Partial<typeof userProfiles.$inferInsert>) {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db.update(userProfiles).set(values).where(eq(userProfiles.id, user!.id));
  }

  test('catalogue, sectors, runs with redacted errors, sources, database size and users by effective level', async () => {
    const now = Date.now();
    await insertSector(t.db, { id: 'defi', name: 'DeFi', heatScore: 70, projectCount: 2 });
    await insertSector(t.db, { id: 'gaming', name: 'Gaming', heatScore: null, projectCount: 1 });
    await insertProject(t.db, { id: 'old', name: 'Old', category: 'DeFi', updatedAt: new Date(now - 5 * DAY_MS) });
    await insertProject(t.db, { id: 'fresh', name: 'Fresh', category: 'DeFi', isVerified: true });
    await insertProject(t.db, { id: 'game', name: 'Game', category: 'Gaming', updatedAt: new Date(now - DAY_MS) });
    await t.db.insert(syncRuns).values([
      { job: 'market', status: 'success', startedAt: new Date(now - 60_000), finishedAt: new Date(now - 50_000) },
      {
        job: 'ingest:telegram',
        status: 'failed',
        startedAt: new Date(now - 40_000),
        errors: ['bot 12345:tg-secret-token-value refused'],
      },
    ]);
    // free by points, premium by points, vip by a running plan, an ended vip plan with 1,200 points → premium.
    await signUpAgent(t.app, 'free@example.com');
    await signUpAgent(t.app, 'points@example.com');
    await signUpAgent(t.app, 'paid@example.com');
    await signUpAgent(t.app, 'lapsed@example.com');
    await setProfile('points@example.com', { points: 1500 });
    await setProfile('paid@example.com', { membershipLevel: 'vip', membershipExpiresAt: new Date(now + DAY_MS) });
    await setProfile('lapsed@example.com', {
      points: 1200,
      membershipLevel: 'vip',
      membershipExpiresAt: new Date(now - DAY_MS),
    });

    const res = await admin.request({ method: 'GET', url: '/api/admin/stats' });

    expect(res.statusCode).toBe(200);
    const stats = AdminStatsResponseSchema.parse(res.json());
    expect(stats.projectsByCategory).toEqual([
      { category: 'DeFi', count: 2 },
      { category: 'Gaming', count: 1 },
    ]);
    expect(stats.verifiedProjects).toBe(1);
    expect(stats.recentUpdates.map((p) => p.id)).toEqual(['fresh', 'game', 'old']);
    expect(stats.sectorHeat.map((s) => [s.id, s.heatScore])).toEqual([
      ['defi', 70],
      ['gaming', null],
    ]);
    expect(stats.recentRuns.map((r) => r.job)).toEqual(['market']); // job level only
    expect(stats.failedRuns).toHaveLength(1);
    expect(stats.failedRuns[0]?.errors[0]).not.toContain('tg-secret-token-value');
    expect(stats.sources.find((s) => s.source === 'telegram')?.state).toBe('failing');
    expect(stats.database.bytes).toBeGreaterThan(0);
    expect(stats.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    // 5 accounts: the admin and "free" are free.
    expect(stats.usersByLevel).toEqual({ free: 2, premium: 2, vip: 1 });
    expect(stats.users).toBe(5);
  });

  test('operation runs: each operation’s newest run, live while running, and the full sync’s steps', async () => {
    const now = Date.now();
    await t.db.insert(syncRuns).values([
      { job: 'maintenance:vacuum', status: 'running', trigger: 'manual', startedAt: new Date(now - 1_000) },
      {
        job: 'full-sync',
        status: 'running',
        trigger: 'manual',
        startedAt: new Date(now - 10_000),
      },
      { job: 'ingest:defillama', status: 'success', startedAt: new Date(now - 9_000) },
      { job: 'ingest:coingecko', status: 'running', startedAt: new Date(now - 5_000) },
      { job: 'ingest:github', status: 'success', startedAt: new Date(now - 20_000) }, // before the sync: not a step
    ]);

    const res = await admin.request({ method: 'GET', url: '/api/admin/maintenance/runs' });

    expect(res.statusCode).toBe(200);
    const body = OperationRunsResponseSchema.parse(res.json());
    const byOperation = Object.fromEntries(body.items.map((item) => [item.operation, item]));
    expect(byOperation.vacuum?.run?.status).toBe('running');
    expect(byOperation['recount-sectors']?.run).toBeNull();
    expect(byOperation['compact-history']?.job).toBe('history-retention');
    expect(byOperation.refresh?.run?.status).toBe('running');
    expect(body.refreshSteps.map((s) => s.job)).toEqual(['ingest:defillama', 'ingest:coingecko']);
    expect(body.refreshTotalSteps).toBeGreaterThan(2);
  });

  test('a maintenance run is visible as finished on the runs endpoint once its POST answers', async () => {
    const post = await admin.request({ method: 'POST', url: '/api/admin/maintenance/recount-sectors' });
    const runs = OperationRunsResponseSchema.parse(
      (await admin.request({ method: 'GET', url: '/api/admin/maintenance/runs' })).json(),
    );

    expect(post.statusCode).toBe(200);
    const item = runs.items.find((i) => i.operation === 'recount-sectors');
    expect(item?.run).toMatchObject({ id: post.json().runId, status: 'success', counts: post.json().counts });
  });
});
