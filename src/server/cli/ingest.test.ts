import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../sources/testing/fake-server.ts';
import { createFreshDatabase } from '../test/build-test-app.ts';
import { runIngestCli } from './ingest.ts';

describe('npm run ingest', () => {
  let fake: FakeServer;
  let env: Record<string, string>;
  let dataDir: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fake = await startFakeServer(({ path }) =>
      path === '/ok/protocols'
        ? {
            body: [
              {
                id: '1',
                name: 'Alpha',
                slug: 'alpha',
                url: 'https://alpha.example',
                category: 'Dexes',
                chains: [],
                tvl: 10,
              },
            ],
          }
        : { status: 500, body: {} },
    );
    const fresh = await createFreshDatabase();
    drop = fresh?.drop;
    dataDir = fresh ? undefined : mkdtempSync(join(tmpdir(), 'heatrank-ingest-cli-'));
    env = {
      ...FAST_INGEST_ENV,
      LOG_LEVEL: 'silent',
      CATALOGUE_AUTOLOAD: 'false',
      ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir as string }),
      DEFILLAMA_BASE_URL: `${fake.url}/ok`,
      COINGECKO_BASE_URL: `${fake.url}/down`,
    };
  });
  afterAll(async () => {
    await fake.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.each([
    { argv: ['--source', 'myspace'], message: /unknown source: myspace/ },
    { argv: ['--limit', '0'], message: /--limit must be a positive integer/ },
    { argv: ['--bogus'], message: /Unknown option/ },
    { argv: ['--backfill', '0'], message: /--backfill must be a whole number of days from 1 to 365/ },
    { argv: ['--backfill', '366'], message: /--backfill must be a whole number of days from 1 to 365/ },
  ])('bad arguments $argv exit with code 2 and the usage', async ({ argv, message }) => {
    const result = await runIngestCli(argv, env);

    expect(result.code).toBe(2);
    expect(result.out).toMatch(message);
    expect(result.out).toMatch(/usage: npm run ingest/);
  });

  test('a successful source exits 0 and prints the summary table', async () => {
    const result = await runIngestCli(['--source', 'defillama'], env);

    expect(result.code).toBe(0);
    expect(result.out.split('\n')[0]).toMatch(/^source\s+status\s+updated\s+new\s+errors\s+time/);
    expect(result.out).toMatch(/defillama\s+ok\s+1\s+1\s+0/);
  });

  test('a failing source exits 1; the others still run; skipped sources are not failures', async () => {
    const result = await runIngestCli(['--source', 'coingecko,defillama', '--source', 'telegram'], env);

    expect(result.code).toBe(1);
    expect(result.results.map((r) => r.source)).toEqual(['defillama', 'coingecko', 'telegram']);
    expect(result.out).toMatch(/coingecko\s+FAILED/);
    expect(result.out).toMatch(/defillama\s+ok/);
    expect(result.out).toMatch(/telegram\s+skipped.*TELEGRAM_BOT_TOKEN/);
  });
});
