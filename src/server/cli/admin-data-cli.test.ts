import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdminStatsResponseSchema } from '../../shared/api/admin.schema.ts';
import { queryRows } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { bulkProject } from '../features/admin/bulk-project.test-support.ts';
import { type FullExport, FullExportSchema } from '../features/catalogue/catalogue.schema.ts';
import { runAdminCli } from './admin.ts';
import { type CliDatabase, memoryIo, openCliDatabase } from './admin-cli-test-support.ts';
import { formatStats } from './admin-data-cli.ts';

// npm run admin -- import | export | stats, run in-process on an on-disk PGlite (or PostgreSQL with TEST_DATABASE_URL).

const withoutTime = ({ exportTime: _t, ...rest }: FullExport) => rest;

describe('admin CLI: import, export, stats', () => {
  let d: CliDatabase;
  let original: FullExport; // the catalogue as first exported
  let originalFile: string;
  const file = (name: string, content: unknown) => {
    const path = join(d.dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const run = (argv: string[], io = memoryIo()) => runAdminCli(argv, d.env, io);

  beforeAll(async () => {
    d = await openCliDatabase();
    originalFile = join(d.dir, 'original.json');
    const exported = await run(['export', '--out', originalFile]);
    expect(exported.code).toBe(0);
    original = FullExportSchema.parse(JSON.parse(readFileSync(originalFile, 'utf8')));
  }, 120_000);
  afterAll(() => d.dispose());

  test('export --out writes the full export with a summary; without --out the same JSON goes to stdout', async () => {
    const io = memoryIo();

    const result = await run(['export'], io);

    expect(result).toEqual({ code: 0, out: '' });
    expect(withoutTime(FullExportSchema.parse(JSON.parse(io.output())))).toEqual(withoutTime(original));
    expect(original.projects.length).toBeGreaterThan(100);
    expect(original.version).toBe('1.0');
  });

  test('stats prints a readable table, and --json the service answer', async () => {
    const table = await run(['stats']);
    const json = await run(['stats', '--json']);

    expect(table.code).toBe(0);
    expect(table.out).toMatch(/^statistic\s+value$/m);
    expect(table.out).toMatch(new RegExp(`^projects\\s+${original.projects.length}$`, 'm'));
    expect(AdminStatsResponseSchema.parse(JSON.parse(json.out)).projects).toBe(original.projects.length);
  });

  test('stats text: scalars in one table (nested as dotted names), each list of records as a table of its own', () => {
    const text = formatStats({
      projects: 1200,
      verified: { count: 40, share: 0.033 },
      byCategory: [
        { category: 'DeFi', projects: 800 },
        { category: 'Layer 2', projects: 12 },
      ],
      jobs: [],
      asOf: '2026-11-24T00:00:00.000Z',
    });

    expect(text).toBe(
      [
        'statistic       value',
        'projects        1,200',
        'verified.count  40',
        'verified.share  0.033',
        'jobs            (none)',
        'asOf            2026-11-24T00:00:00.000Z',
        '',
        'byCategory',
        'category  projects',
        'DeFi           800',
        'Layer 2         12',
      ].join('\n'),
    );
  });

  test('merge: prints the preview, adds and changes, records the audit entry (cli) and the sync run', async () => {
    const [first, ...rest] = original.projects;
    const changed = { ...first!, name: 'Renamed by the CLI' };
    const io = memoryIo();

    const result = await run(['import', file('merge.json', { projects: [changed, bulkProject(1)] })], io);

    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^imported \(merge\): 1 added, 1 changed, 0 removed, 0 unchanged projects/);
    expect(io.output()).toContain(
      `projects: 1 added (Bulk 1 [bulk-0001]), 1 changed (Renamed by the CLI [${first!.id}]), 0 removed, `,
    );
    expect(rest.length).toBeGreaterThan(0);
    const [audit] = await d.query((db) =>
      queryRows<{ actor_id: string | null; actor_email: string; action: string }>(
        db,
        sql`SELECT actor_id, actor_email, action FROM admin_audit ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit).toEqual({ actor_id: null, actor_email: 'cli', action: 'import.merge' });
    const runs = await d.query((db) =>
      queryRows<{ trigger: string; status: string }>(
        db,
        sql`SELECT trigger, status FROM sync_runs WHERE job = 'admin-import' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(runs).toEqual([{ trigger: 'cli', status: 'success' }]);
  });

  test('replace without --yes and without a terminal is refused; nothing changes', async () => {
    const before = await d.fingerprint();

    const result = await run(['import', originalFile, '--mode', 'replace']);

    expect(result).toEqual({
      code: 1,
      out: 'a replace import wipes the catalogue: confirm with --yes (no terminal to ask on)',
    });
    expect(await d.fingerprint()).toBe(before);
  });

  test('replace on a terminal asks the spec question: "n" cancels with nothing changed', async () => {
    const before = await d.fingerprint();
    const io = memoryIo({ isTTY: true, answers: ['n'] });

    const result = await run(['import', originalFile, '--mode', 'replace'], io);

    expect(io.asked.map((a) => a.question)).toEqual([expect.stringContaining('导入将清空现有数据，确定继续吗？')]);
    expect(result).toEqual({ code: 1, out: 'import cancelled: nothing changed' });
    expect(await d.fingerprint()).toBe(before);
  });

  test('a file without projects, or not JSON at all: the spec message, exit 1, nothing changed', async () => {
    const before = await d.fingerprint();

    const missing = await run(['import', file('no-projects.json', { sectors: [] })]);
    const garbage = await run(['import', file('garbage.json', 'not json {')]);

    expect(missing.code).toBe(1);
    expect(missing.out).toContain('invalid data format · 无效的数据格式');
    expect(garbage.code).toBe(1);
    expect(garbage.out).toContain('无效的数据格式');
    expect(await d.fingerprint()).toBe(before);
  });

  test('1,000 rows with one bad: exit 1 naming the row and field, nothing changed in either mode', async () => {
    const before = await d.fingerprint();
    const rows: unknown[] = Array.from({ length: 1000 }, (_, i) => bulkProject(i));
    rows[637] = { ...bulkProject(637), chains: 'Ethereum' };
    const path = file('bad-row.json', { projects: rows });

    const merge = await run(['import', path]);
    const replace = await run(['import', path, '--mode', 'replace', '--yes']);

    expect(merge.code).toBe(1);
    expect(merge.out).toMatch(/^projects\[637\]\.chains is invalid: .*\(nothing was imported\)/);
    expect(replace.code).toBe(1);
    expect(replace.out).toContain('projects[637].chains');
    expect(await d.fingerprint()).toBe(before);
  });

  test('export → replace ("y" on a terminal) → export: back to the first export, row for row; --yes again is a no-op', async () => {
    const io = memoryIo({ isTTY: true, answers: ['y'] });

    const restored = await run(['import', originalFile, '--mode', 'replace'], io);
    const again = join(d.dir, 'again.json');
    const exported = await run(['export', '--out', again]);
    const repeated = await run(['import', again, '--mode', 'replace', '--yes']);

    expect(io.asked).toHaveLength(1);
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/^imported \(replace\): 0 added, 1 changed, 1 removed, \d+ unchanged projects/);
    expect(io.output()).toContain('removed (bulk-0001)');
    expect(exported.code).toBe(0);
    expect(withoutTime(FullExportSchema.parse(JSON.parse(readFileSync(again, 'utf8'))))).toEqual(withoutTime(original));
    expect(repeated).toEqual({
      code: 0,
      out: `imported (replace): 0 added, 0 changed, 0 removed, ${original.projects.length} unchanged projects; recorded in the audit log as cli`,
    });
  });

  test('usage errors are exit 2: no file, an unknown mode, an unknown flag', async () => {
    expect((await run(['import'])).code).toBe(2);
    expect((await run(['import', originalFile, '--mode', 'wipe'])).code).toBe(2);
    expect((await run(['export', '--to', 'x.json'])).code).toBe(2);
    expect((await run(['stats', 'now'])).code).toBe(2);
  });

  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'with DATABASE_URL the verbs run whoever holds the data directory (a shared PostgreSQL has no such lock)',
    async () => {
      const lock = acquireDataDirLock(d.dir, 'server');
      try {
        const stats = await runAdminCli(['stats'], { ...d.env, DATA_DIR: d.dir }, memoryIo());
        const accounts = await runAdminCli(['accounts', 'list'], { ...d.env, DATA_DIR: d.dir }, memoryIo());

        expect(stats.code).toBe(0);
        expect(accounts.code).toBe(0);
      } finally {
        lock.release();
      }
    },
  );

  test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'every verb refuses to run beside a server on the same data directory, naming it',
    async () => {
      const before = await d.fingerprint();
      const lock = acquireDataDirLock(d.dir, 'server');
      try {
        const results = await Promise.all(
          [
            ['import', originalFile, '--mode', 'replace', '--yes'],
            ['export', '--out', join(d.dir, 'locked.json')],
            ['stats'],
            ['accounts', 'list'],
            ['maintenance', 'vacuum'],
            ['grant', 'someone@example.com'],
          ].map((argv) => run(argv)),
        );

        for (const result of results) {
          expect(result.code).toBe(1);
          expect(result.out).toMatch(/the server is running on this data directory .*stop it or use DATABASE_URL/);
        }
      } finally {
        lock.release();
      }
      expect(await d.fingerprint()).toBe(before);
    },
  );
});
