import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { type Answer, burst, freePort, isErrorBody, signUpOverHttp } from './http-burst.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts';

// PostgreSQL restarted (`pg_ctl restart -m fast`) under a burst of requests to a real app process. On a private
// cluster (never the shared server on :5432). Promise: every failed request is a 503 in the error shape (no 500, no
// hang), and once the database is back requests succeed again without restarting the app. Skipped without the
// PostgreSQL binaries.

const pgBin = findPostgresBin();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!pgBin)('PostgreSQL restarted during a burst of requests', { timeout: 120_000 }, () => {
  let pg: PrivatePostgres;
  let server: ServerProcess;
  let session: { cookie: string; csrfToken: string };

  beforeAll(async () => {
    pg = await startPrivatePostgres(await freePort());
    server = await startServerProcess({ DATABASE_URL: pg.url, LOG_LEVEL: 'warn' });
    session = await signUpOverHttp(server.url, 'restart@example.com');
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
  });

  // Reads that reach the database every time: the session lookup of /api/me, a search with a new text each time
  // (no cache entry to serve), and a write (the profile).
  const request = (worker: number, index: number) => {
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
    switch (index % 3) {
      case 0:
        return { url: `${server.url}/api/me?lang=en`, init: { headers } };
      case 1:
        return { url: `${server.url}/api/projects?q=w${worker}i${index}&lang=en`, init: { headers } };
      default:
        return {
          url: `${server.url}/api/me/profile?lang=en`,
          init: {
            method: 'PATCH',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `w${worker} ${index}` }),
          },
        };
    }
  };

  const summarise = (answers: Answer[]) =>
    answers.reduce<Record<string, number>>((counts, a) => {
      counts[a.status] = (counts[a.status] ?? 0) + 1;
      return counts;
    }, {});

  test('every failure is a 503 with the error body, and requests succeed again after the restart', async () => {
    const before = await burst(4, request, sleep(500));
    expect(summarise(before)).toEqual({ 200: before.length });

    let restartedAt = 0;
    const restart = (async () => {
      await sleep(700);
      await pg.restart();
      restartedAt = Date.now();
      await sleep(1500);
    })();
    const during = await burst(12, request, restart);

    const counts = summarise(during);
    console.info(`pg-restart burst: ${during.length} requests, by status ${JSON.stringify(counts)}`);
    const wrong = during.filter((a) => a.status !== 200 && !(a.status === 503 && isErrorBody(a.body)));
    expect(wrong.slice(0, 5)).toEqual([]);
    for (const a of during.filter((x) => x.status === 503)) {
      expect(JSON.parse(a.body).error.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(counts[503] ?? 0).toBeGreaterThan(0); // the restart did hit requests in flight
    // Recovered without an app restart: everything sent a second after pg_ctl returned succeeded.
    const after = during.filter((a) => a.at > restartedAt + 1000);
    expect(after.length).toBeGreaterThan(0);
    expect(summarise(after)).toEqual({ 200: after.length });
    expect(server.child.exitCode).toBeNull();
  });

  test('LISTEN/NOTIFY comes back after a restart (realtime fan-out across instances)', async () => {
    const handle: DbHandle = await createDb({ DATABASE_URL: pg.url, DATA_DIR: 'memory://' }, { migrate: false });
    try {
      const received: string[] = [];
      await handle.listen('reliability_probe', (payload) => received.push(payload));
      await handle.notify('reliability_probe', 'before');
      await expect.poll(() => received).toContain('before');

      await pg.restart();
      // The listener's connection died with the restart; it reconnects and listens again by itself.
      await expect
        .poll(
          async () => {
            await handle.notify('reliability_probe', 'after').catch(() => {});
            return received;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toContain('after');
    } finally {
      await handle.close();
    }
  });
});
