import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { HealthResponseSchema } from '../../shared/api/system.schema.ts';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAgent, signUpUnverifiedAgent } from '../features/auth/auth.test-support.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from '../reliability/private-postgres.ts';
import { type PrivateReplica, startPrivateReplica } from '../reliability/private-replica.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { insertProject } from '../test/factories.ts';
import { freePort } from '../test/free-port.ts';
import { captureLogLines } from '../test/log-lines.ts';
import { rememberTestDatabase } from '../test/test-databases.ts';
import { createDb } from './client.ts';
import { openReadReplicas } from './read-replicas.ts';
import { projects } from './schema/index.ts';

// DATABASE_READ_URL against a real streaming replica. Both servers are the test's own: a private primary (initdb) and
// a pg_basebackup copy of it running as a hot standby. Not the shared server on :5432, whose pg_hba.conf (here and in
// CI) has no `replication` line, so pg_basebackup from it is refused. Routing is proven by pausing the replica's
// replay (a row written since is missing there) and by the per-server statement counts.

const pgBin = findPostgresBin();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countProjects = async (db: Runtime['handle']['db']) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(projects))[0]?.n ?? 0;

// With the PostgreSQL suite (TEST_DATABASE_URL set; CI runs it): the clusters are the test's own, the binaries are
// the ones that server came from.
describe.skipIf(!pgBin || !process.env.TEST_DATABASE_URL)(
  'read replicas: shared reads on a streaming replica, writes and own reads on the primary',
  { timeout: 120_000 },
  () => {
    let primary: PrivatePostgres;
    let replica: PrivateReplica;
    let runtime: Runtime;
    let app: App;
    const log = captureLogLines();

    beforeAll(async () => {
      primary = await startPrivatePostgres(await freePort());
      const migrated = await createDb({ DATABASE_URL: primary.url, DATA_DIR: 'memory://' });
      await migrated.close();
      replica = await startPrivateReplica(primary.port, await freePort());
      const config = loadConfig({
        NODE_ENV: 'test',
        JOBS_ENABLED: 'false',
        WEB_DIST_DIR: '/nonexistent',
        FIRST_START_REFRESH: 'false',
        DATABASE_URL: primary.url,
        DATABASE_READ_URL: replica.url('postgres'),
        // Long enough that a paused replica still counts as usable: what routes where is then visible in the data.
        DATABASE_READ_MAX_LAG_MS: '60000',
        DATABASE_READ_CHECK_MS: '100',
      });
      runtime = await openRuntime(config);
      const reads = runtime.reads;
      app = await buildApp(
        {
          config,
          db: runtime.handle.db,
          readDb: reads.db,
          readReplicas: reads,
          dbKind: 'postgres',
          events: runtime.events,
          cache: runtime.cache,
        },
        { logger: { level: 'info', stream: log.stream }, jobs: [] },
      );
      await app.ready();
      rememberTestDatabase(app, runtime.handle.db);
      await vi.waitFor(() => expect(reads.list()[0]?.state).toBe('ok'), { timeout: 10_000, interval: 50 });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await runtime?.close();
      await replica?.stop();
      await primary?.stop();
    });

    test('the directory, sectors, suggestions and facets are read from the replica, not the primary', async () => {
      const before = runtime.reads.counts();

      for (const url of [
        '/api/projects?limit=5',
        '/api/sectors',
        '/api/search/suggest?q=eth',
        '/api/search/facets?q=eth',
      ]) {
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      }

      const after = runtime.reads.counts();
      expect(after.replicas['replica-1']).toBeGreaterThan(before.replicas['replica-1'] ?? 0);
      expect(after.primary).toBe(before.primary);
    });

    test('a search counts its quota on the primary and reads its results from the replica', async () => {
      const before = runtime.reads.counts();
      const visitor = createAgent(app);

      const first = await visitor.request({ url: '/api/search?q=bitcoin' });
      const second = await visitor.request({ url: '/api/search?q=bitcoin' });

      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().quota.used).toBe(first.json().quota.used + 1); // written on the primary, read back there
      expect(runtime.reads.counts().replicas['replica-1']).toBeGreaterThan(before.replicas['replica-1'] ?? 0);
    });

    test('with replay paused, a row written since is missing from shared reads but there for own reads', async () => {
      await replica.pauseReplay();
      await insertProject(runtime.handle.db, { id: 'only-on-primary', name: 'Only On Primary' });

      const shared = await app.inject({ url: '/api/projects/only-on-primary' });

      expect(shared.statusCode).toBe(404); // answered by the replica, which has not replayed the insert
      expect(await countProjects(runtime.reads.db)).toBe((await countProjects(runtime.handle.db)) - 1);
      // A session written a moment ago is found at once: sessions are read on the primary.
      const { agent, me } = await signUpUnverifiedAgent(app, 'reader@example.com');
      const own = await agent.request({ url: '/api/me' });
      expect(own.statusCode).toBe(200);
      expect(own.json().user.id).toBe(me.user.id);
    });

    test('after a data-change event the shared reads go to the primary until the replica has replayed it', async () => {
      await runtime.events.publish({ type: 'projects.updated', ids: ['only-on-primary'] });

      const fresh = await app.inject({ url: '/api/projects/only-on-primary' });

      expect(fresh.statusCode).toBe(200); // the replica is still paused: the primary answered
      await replica.resumeReplay();
      const served = runtime.reads.counts().replicas['replica-1'] ?? 0;
      let offset = 0;
      await expect
        .poll(async () => {
          await app.inject({ url: `/api/projects?limit=3&offset=${offset++}` }); // a new key each time: not cached
          return runtime.reads.counts().replicas['replica-1'] ?? 0;
        })
        .toBeGreaterThan(served);
    });

    test('a replica further behind than the bound is skipped, and used again once caught up', async () => {
      const strict = openReadReplicas(runtime.handle, {
        DATABASE_READ_URL: [replica.url('postgres')],
        DATABASE_READ_MAX_LAG_MS: 300,
        DATABASE_READ_CHECK_MS: 50,
      });
      try {
        await expect.poll(() => strict.list()[0]?.state).toBe('ok');
        await replica.pauseReplay();
        await runtime.handle.db.update(projects).set({ name: 'Renamed' }).where(eq(projects.id, 'only-on-primary'));

        await expect.poll(() => strict.list()[0]?.state, { timeout: 5_000 }).toBe('lagging');
        expect(strict.list()[0]?.lagMs).toBeGreaterThan(300);
        const [row] = await strict.db
          .select({ name: projects.name })
          .from(projects)
          .where(eq(projects.id, 'only-on-primary'));
        expect(row?.name).toBe('Renamed'); // from the primary

        await replica.resumeReplay();
        await expect.poll(() => strict.list()[0]?.state, { timeout: 5_000 }).toBe('ok');
      } finally {
        await replica.resumeReplay().catch(() => {});
        await strict.close();
      }
    });

    test('health lists the replica by name, its state and lag, and never its address', async () => {
      const response = await app.inject({ url: '/api/health' });

      const health = HealthResponseSchema.parse(response.json());
      expect(response.statusCode).toBe(200);
      expect(health.readReplicas).toEqual([
        expect.objectContaining({ name: 'replica-1', state: 'ok', lagMs: expect.any(Number) }),
      ]);
      expect(response.body).not.toContain(String(replica.port));
    });

    test('the replica going away under load fails no request; the primary answers and health says down', async () => {
      let stop = false;
      const statuses: number[] = [];
      const failures: unknown[] = [];
      let n = 0;
      const worker = async () => {
        while (!stop) {
          const i = n++;
          const url =
            i % 3 === 0
              ? `/api/projects?limit=5&offset=${i % 180}`
              : i % 3 === 1
                ? `/api/search/suggest?q=${String.fromCharCode(97 + (i % 26))}${i}`
                : `/api/sectors/defi?limit=5&offset=${i % 40}`;
          statuses.push((await app.inject({ url })).statusCode);
          // A read transaction cut mid-way (the search's shape: SET LOCAL, then a slow read) moves to the primary.
          await runtime.reads.db
            .transaction(async (tx) => {
              await tx.execute(sql`SET LOCAL random_page_cost = 1.1`);
              await tx.execute(sql`SELECT pg_sleep(0.02), count(*) FROM projects`);
            })
            .catch((error: unknown) => failures.push(error));
        }
      };
      const servedBefore = runtime.reads.counts();

      const load = Promise.all(Array.from({ length: 8 }, worker));
      await sleep(400);
      const servedAtKill = runtime.reads.counts();
      await replica.kill();
      await sleep(800);
      stop = true;
      await load;

      const served = runtime.reads.counts();
      console.info(
        `replica killed under load: ${statuses.length} requests (${statuses.filter((s) => s !== 200).length} failed), ` +
          `statements on the replica ${served.replicas['replica-1']}, on the primary ${served.primary}`,
      );
      expect(failures).toEqual([]);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(servedAtKill.replicas['replica-1']).toBeGreaterThan(servedBefore.replicas['replica-1'] ?? 0);
      expect(runtime.reads.counts().primary).toBeGreaterThan(servedAtKill.primary);
      const health = HealthResponseSchema.parse((await app.inject({ url: '/api/health' })).json());
      expect(health.status).toBe('ok');
      expect(health.readReplicas[0]).toMatchObject({ name: 'replica-1', state: 'down' });
      const logged = log.lines.join('');
      expect(logged).toContain('read replica skipped');
      expect(logged).not.toContain('postgres://');
      expect(logged).not.toContain(`:${replica.port}`);
    });
  },
);
