import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createDb, queryRows } from '../db/client.ts';
import { buildTestApp, type TestAppOptions } from '../test/build-test-app.ts';
import type { CliIo } from './cli-io.ts';

// `npm run admin` in-process: a database the CLI opens as the operator's shell would (an on-disk PGlite data directory,
// or a fresh PostgreSQL database with TEST_DATABASE_URL), and a terminal whose output and answers the test holds.

export type CliDatabase = {
  env: Record<string, string | undefined>;
  /** Runs `fn` on a connection of its own, closed afterwards (the CLI must find the data directory free). */
  query: <T>(fn: (db: Awaited<ReturnType<typeof createDb>>['db']) => Promise<T>) => Promise<T>;
  /** A hash of every project and sector row: equal before and after means nothing changed. */
  fingerprint: () => Promise<string>;
  dir: string;
  dispose: () => Promise<void>;
};

/** A migrated database (with the catalogue unless `catalogue: false`), closed so the CLI can open it. */
export async function openCliDatabase(
  options: Pick<TestAppOptions, 'catalogue'> & { env?: Record<string, string> } = {},
): Promise<CliDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'heatrank-admin-cli-'));
  const t = await buildTestApp({
    catalogue: options.catalogue,
    env: process.env.TEST_DATABASE_URL ? {} : { DATA_DIR: dir },
  });
  await t.closeKeepingDatabase();
  const where = t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : { DATA_DIR: dir };
  const env = { ...where, LOG_LEVEL: 'silent', CATALOGUE_AUTOLOAD: 'false', ...options.env };
  const query: CliDatabase['query'] = async (fn) => {
    const handle = await createDb({ DATABASE_URL: where.DATABASE_URL, DATA_DIR: dir }, { role: 'test' });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  const fingerprint = () =>
    query(async (db) => {
      const rows = await queryRows<{ h: string | null }>(
        db,
        sql`SELECT md5(coalesce((SELECT string_agg(p::text, '|' ORDER BY p.id) FROM projects p), '')
              || coalesce((SELECT string_agg(s::text, '|' ORDER BY s.id) FROM sectors s), '')) AS h`,
      );
      return rows[0]?.h ?? '';
    });
  return {
    env,
    query,
    fingerprint,
    dir,
    dispose: async () => {
      await t.dropDatabase?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type MemoryIo = CliIo & {
  output: () => string;
  errors: () => string;
  asked: { question: string; hidden: boolean }[];
};

/** A terminal in memory: `answers` are typed in order at each prompt; `isTTY` false is a pipe or a cron job. */
export function memoryIo(options: { answers?: string[]; isTTY?: boolean; stdin?: string } = {}): MemoryIo {
  const answers = [...(options.answers ?? [])];
  const asked: MemoryIo['asked'] = [];
  const collect = () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    return { stream, text: () => text };
  };
  const stdout = collect();
  const stderr = collect();
  return {
    stdout: stdout.stream,
    stderr: stderr.stream,
    isTTY: options.isTTY ?? false,
    ask: async (question, askOptions) => {
      asked.push({ question, hidden: askOptions?.hidden ?? false });
      return answers.shift() ?? '';
    },
    readStdin: async () => options.stdin ?? '',
    output: stdout.text,
    errors: stderr.text,
    asked,
  };
}
