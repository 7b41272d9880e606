import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { freePort } from '../test/free-port.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { type Answer, burst, databaseRequestMix, isErrorBody, signUpOverHttp } from './http-burst.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts';

// PostgreSQL restarted (`pg_ctl restart -m fast`) under a burst of requests to a real app process. On a private
// cluster (never the shared server on :5432). Promise: every failed request is a 503 in the error shape (no 500, no
// hang), and once the database is back requests succeed again without restarting the app. Skipped without the
// PostgreSQL binaries.

const pgBin = findPostgresBin();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Run with the PostgreSQL suite (TEST_DATABASE_URL set; CI runs it), not again with PGlite's: the cluster is its own.
describe.skipIf(!pgBin || !process.env.TEST_DATABASE_URL)(
  'PostgreSQL restarted during a burst of requests',
  { timeout: 120_000 },
  () => {
    let pg: PrivatePostgres;
    let server: ServerProcess;
    let request: ReturnType<typeof databaseRequestMix>;

    beforeAll(async () => {
      pg = await startPrivatePostgres(await freePort());
      server = await startServerProcess({ DATABASE_URL: pg.url, LOG_LEVEL: 'warn' });
      request = databaseRequestMix(server.url, await signUpOverHttp(server.url, 'restart@example.com'));
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await pg?.stop();
    });

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
  },
);
