import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openSse, type SseClient } from '../features/realtime/sse.test-support.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { createHttpAgent, type HttpAgent, signUpOver } from './http-agent.ts';

// Several instances, checked for real: two app processes (no shared memory) on one PostgreSQL. Used by
// scripts/reliability/two-instances.ts (prints the table) and two-instances.test.ts (CI, with TEST_DATABASE_URL).

export type CheckRow = { check: string; pass: boolean; ms: number; detail: string };

/** Jobs whose every-minute slots are shortened to 2 s so slots can be counted in seconds (instance.ts). */
const FAST_JOBS = ['exports', 'alert-deliveries', 'crypto-payments'] as const;
const FAST_EVERY_MS = 2_000;
const CACHE_BUDGET_MS = 1_000;
const DEAD_SOURCE = 'http://127.0.0.1:9'; // no outside call: any ingestion attempt fails at once

export type TwoInstanceOptions = {
  /** A PostgreSQL server URL; a database of its own is created on it and dropped at the end. */
  serverUrl: string;
  /** How long both schedulers run before their slots are counted (default 8 s). */
  schedulerSeconds?: number;
  /** A migrated template database to copy (vitest's global setup has one): the instances then start without migrating. */
  template?: string | null;
  log?: (line: string) => void;
};

/** Creates heatrank_rel_<random> on the server; returns its URL and a dropper. Never touches other databases. */
export async function createOwnDatabase(serverUrl: string, template?: string | null) {
  const name = `heatrank_rel_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function instanceEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JOBS_ENABLED: 'true',
    CATALOGUE_AUTOLOAD: 'true',
    FIRST_START_REFRESH: 'false',
    BACKFILL_DAYS: '0',
    SESSION_COOKIE_SECURE: 'false',
    WEB_DIST_DIR: '/nonexistent',
    INGEST_MAX_RETRIES: '0',
    DEFILLAMA_BASE_URL: DEAD_SOURCE,
    COINGECKO_BASE_URL: DEAD_SOURCE,
    GITHUB_BASE_URL: DEAD_SOURCE,
    X_BASE_URL: DEAD_SOURCE,
    GDELT_BASE_URL: DEAD_SOURCE,
    WIKIMEDIA_BASE_URL: DEAD_SOURCE,
  };
}

const ENTRY = {
  entry: 'scripts/reliability/instance.ts',
  args: ['--every', FAST_JOBS.map((name) => `${name}=${FAST_EVERY_MS}`).join(',')],
};

/** Polls `read` until it returns true; resolves with the elapsed ms, or rejects after `budgetMs`. */
async function until(read: () => Promise<boolean>, budgetMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await read()) return Math.round(performance.now() - started);
    if (performance.now() - started > budgetMs) throw new Error(`not within ${budgetMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts two instances on a fresh database, runs every check, stops them and drops the database. */
export async function runTwoInstanceChecks(options: TwoInstanceOptions): Promise<CheckRow[]> {
  const log = options.log ?? (() => {});
  const rows: CheckRow[] = [];
  const own = await createOwnDatabase(options.serverUrl, options.template);
  const servers: ServerProcess[] = [];
  const streams: SseClient[] = [];
  const db = new pg.Client({ connectionString: own.url });
  try {
    // A first (it loads the catalogue into the empty database), then B, as a second server joining would.
    let started = performance.now();
    servers.push(await startServerProcess(instanceEnv(own.url), ENTRY));
    servers.push(await startServerProcess(instanceEnv(own.url), ENTRY));
    const [a, b] = servers.map((server) => server.url) as [string, string];
    log(`A ${a} (pid ${servers[0]?.child.pid}), B ${b} (pid ${servers[1]?.child.pid}) up in ${ms(started)} ms`);
    await db.connect();

    // Accounts: an admin (the role is granted in the database, as `npm run admin -- grant` does) and a user.
    const admin = await signUpOver(a, `admin-${randomUUID()}@reliability.test`);
    const adminId = (await admin.json<{ user: { id: string } }>(a, '/api/me')).user.id;
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [adminId]);
    const user = await signUpOver(a, `user-${randomUUID()}@reliability.test`);
    // Watchlists are a premium feature: a paid plan for a day, as a completed payment would set it.
    const userId = (await user.json<{ user: { id: string } }>(a, '/api/me')).user.id;
    await db.query(
      `UPDATE user_profiles SET membership_level = 'premium', membership_expires_at = now() + interval '1 day'
        WHERE id = $1`,
      [userId],
    );

    rows.push(await check('session made on A is valid on B', () => sessionOnB(user, b)));
    rows.push(await check('watchlist add on A, read at once on B', () => watchlistAcross(user, a, b)));

    const projectId = await firstProjectId(b);
    const beforeB = await publicName(b, projectId); // fills B's cache
    await publicName(a, projectId); // and A's
    // The premium member's stream: live pushes are a premium promise (free and visitors get them every 5 minutes).
    const sse = await openSse(`${b}/api/events`, { cookie: user.cookie() });
    streams.push(sse);
    await sse.waitFor((m) => m.event === 'ready', 5_000);
    const newName = `${beforeB} R${Date.now() % 100_000}`;

    started = performance.now();
    const sentAt = Date.now();
    await renameProject(admin, a, projectId, newName);
    const wroteMs = ms(started);
    // Both caches are polled at once from the moment A answered, every 10 ms.
    const cacheB = check('cached public read on B changes within 1 s', async () => {
      const delay = await until(async () => (await publicName(b, projectId)) === newName, CACHE_BUDGET_MS);
      return `${delay} ms after A answered`;
    });
    const cacheA = check('cached public read on A changes within 1 s', async () => {
      const delay = await until(async () => (await publicName(a, projectId)) === newName, CACHE_BUDGET_MS);
      return `${delay} ms after A answered`;
    });
    rows.push(
      await check('admin project edit on A, read at once on B (admin API)', async () => {
        const read = await admin.json<{ name: string }>(b, `/api/admin/projects/${encodeURIComponent(projectId)}`);
        if (read.name !== newName) throw new Error(`B read ${read.name}`);
        return `write took ${wroteMs} ms`;
      }),
    );
    rows.push(await cacheB, await cacheA);
    rows.push(
      await check('SSE client on B gets the hint of the edit on A', async () => {
        const hint = await sse.waitFor(
          (m) => m.event === 'hints' && JSON.stringify(m.data).includes('projects'),
          3_000,
        );
        return `${hint.at - sentAt} ms after the edit was sent: ${JSON.stringify(hint.data).slice(0, 70)}`;
      }),
    );

    // Both schedulers have run since start; give them a few more 2 s slots, then count.
    const waitMs = (options.schedulerSeconds ?? 8) * 1_000;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    rows.push(await check('one scheduler runner per slot (both schedulers on)', () => slotsOnce(db)));
    return rows;
  } finally {
    for (const stream of streams) stream.close();
    await db.end().catch(() => {});
    await Promise.all(servers.map((server) => server.stop()));
    await own.drop();
  }
}

const ms = (since: number) => Math.round(performance.now() - since);

async function check(name: string, run: () => Promise<string>): Promise<CheckRow> {
  const started = performance.now();
  try {
    const detail = await run();
    return { check: name, pass: true, ms: ms(started), detail };
  } catch (error) {
    return {
      check: name,
      pass: false,
      ms: ms(started),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

async function sessionOnB(user: HttpAgent, b: string): Promise<string> {
  const me = await user.json<{ user: { email: string } | null }>(b, '/api/me');
  if (!me.user) throw new Error('B does not know the session');
  return me.user.email;
}

async function watchlistAcross(user: HttpAgent, a: string, b: string): Promise<string> {
  const projectId = await firstProjectId(a);
  const list = await user.json<{ id: string }>(a, '/api/watchlists', {
    method: 'POST',
    body: { name: 'reliability' },
  });
  await user.json(a, `/api/watchlists/${list.id}/items`, { method: 'POST', body: { projectId } });
  const started = performance.now();
  const read = await user.json<{ items: { projectId: string }[] }>(b, `/api/watchlists/${list.id}`);
  if (!read.items.some((item) => item.projectId === projectId)) throw new Error(`B does not list ${projectId}`);
  return `B read ${read.items.length} item(s) in ${ms(started)} ms`;
}

async function firstProjectId(base: string): Promise<string> {
  const page = await createHttpAgent().json<{ items: { id: string }[] }>(base, '/api/projects?limit=1');
  const id = page.items[0]?.id;
  if (!id) throw new Error('no project listed');
  return id;
}

async function publicName(base: string, id: string): Promise<string> {
  const response = await fetch(new URL(`/api/projects/${encodeURIComponent(id)}`, base));
  if (!response.ok) throw new Error(`GET project on ${base}: HTTP ${response.status}`);
  return ((await response.json()) as { name: string }).name;
}

async function renameProject(admin: HttpAgent, a: string, id: string, name: string): Promise<void> {
  const path = `/api/admin/projects/${encodeURIComponent(id)}`;
  const current = await admin.json<Record<string, unknown>>(a, path);
  await admin.json(a, path, { method: 'PUT', body: { ...current, name } });
}

/** Every scheduled slot of the shortened jobs has exactly one row, with no gap between the first and the last. */
async function slotsOnce(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ job: string; slots: number; rows: number; span: number }>(
    `SELECT job, count(DISTINCT scheduled_for)::int AS slots, count(*)::int AS rows,
            (extract(epoch FROM max(scheduled_for) - min(scheduled_for)) * 1000)::int AS span
       FROM sync_runs WHERE scheduled_for IS NOT NULL AND job = ANY($1) GROUP BY job ORDER BY job`,
    [FAST_JOBS],
  );
  if (rows.length !== FAST_JOBS.length) throw new Error(`slots of ${rows.map((r) => r.job).join(', ')} only`);
  const parts: string[] = [];
  for (const row of rows) {
    const expected = row.span / FAST_EVERY_MS + 1;
    if (row.rows !== row.slots) throw new Error(`${row.job}: ${row.rows} rows for ${row.slots} slots`);
    if (row.slots !== expected) throw new Error(`${row.job}: ${row.slots} slots recorded, ${expected} elapsed`);
    if (row.slots < 3) throw new Error(`${row.job}: only ${row.slots} slots ran`);
    parts.push(`${row.job} ${row.slots}/${row.slots}`);
  }
  const { rows: ran } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT instance)::int AS n FROM sync_runs WHERE scheduled_for IS NOT NULL`,
  );
  return `${parts.join(', ')} slots with one row each; slots won by ${ran[0]?.n ?? 0} instance(s)`;
}
