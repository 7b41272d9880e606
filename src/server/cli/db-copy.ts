import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig, readEnvironment } from '../config.ts';
import { createDb } from '../db/client.ts';
import { type CopiedTable, copyDatabase } from '../db/copy-database.ts';

// npm run db:copy -- --to postgres://user:password@host:5432/heatrank [--data-dir ./data] [--force]
// Copies the embedded database (DATA_DIR) into PostgreSQL; the server must be stopped (it holds the data directory).

const USAGE = 'usage: npm run db:copy -- --to postgres://user:password@host:5432/db [--data-dir ./data] [--force]';

function readArgs() {
  try {
    return parseArgs({
      options: {
        to: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
}

/** The target without its password, for messages. */
function describeTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** The table of counts printed after a verified copy. */
export function formatCounts(tables: readonly CopiedTable[]): string {
  const width = Math.max(5, ...tables.map((t) => t.table.length));
  const lines = tables.map(
    (t) =>
      `  ${t.table.padEnd(width)}  ${String(t.source).padStart(10)}  ${String(t.target).padStart(10)}  ${t.source === t.target ? 'ok' : 'DIFFERS'}`,
  );
  return [`  ${'table'.padEnd(width)}  ${'embedded'.padStart(10)}  ${'postgres'.padStart(10)}`, ...lines].join('\n');
}

async function main() {
  const values = readArgs();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    process.stderr.write(`--to must be a postgres:// URL\n${USAGE}\n`);
    process.exit(2);
  }
  const env = readEnvironment();
  // The source is always the embedded database, whatever DATABASE_URL says.
  const config = loadConfig({ ...env, DATABASE_URL: undefined, DATA_DIR: values['data-dir'] ?? env.DATA_DIR });
  const source = await createDb(config, { role: 'db:copy' });
  const bars = new cliProgress.MultiBar(
    { format: ' {table} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const byTable = new Map<string, cliProgress.SingleBar>();
  try {
    const started = performance.now();
    process.stdout.write(`copying ${config.DATA_DIR} → ${describeTarget(values.to)}\n`);
    const tables = await copyDatabase(source.db, values.to, {
      force: values.force,
      onStart: (list) => {
        const width = Math.max(...list.map((t) => t.table.length));
        for (const t of list) {
          byTable.set(t.table, bars.create(Math.max(t.rows, 1), 0, { table: t.table.padEnd(width) }));
        }
      },
      onRows: (table, copied) => byTable.get(table)?.update(copied),
    });
    bars.stop();
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\n${formatCounts(tables)}\n\n  ${tables.length} tables copied and verified in ${seconds.toFixed(1)} s.
  Next: set DATABASE_URL to this database in .env and start the server.\n`);
  } finally {
    bars.stop();
    await source.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`db:copy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
