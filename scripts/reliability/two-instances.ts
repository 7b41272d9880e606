import { parseArgs } from 'node:util';
import { runTwoInstanceChecks } from '../../src/server/reliability/two-instances.checks.ts';

// npm run reliability:instances [-- --url postgres://postgres@127.0.0.1:5432/postgres --scheduler-seconds 8]
// Two real app processes on one PostgreSQL (a database of their own, created and dropped here; the server itself is
// never restarted or reconfigured). Prints a table of checks; exits 1 when any fails. docs/reliability.md.

const { values } = parseArgs({
  options: {
    url: {
      type: 'string',
      default: process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'scheduler-seconds': { type: 'string', default: '8' },
  },
});

const started = performance.now();
const rows = await runTwoInstanceChecks({
  serverUrl: values.url,
  schedulerSeconds: Number(values['scheduler-seconds']),
  log: (line) => console.log(line),
});
console.table(
  rows.map((row) => ({ check: row.check, result: row.pass ? 'pass' : 'FAIL', ms: row.ms, detail: row.detail })),
);
const failed = rows.filter((row) => !row.pass).length;
console.log(
  `${rows.length - failed}/${rows.length} checks passed in ${Math.round((performance.now() - started) / 1000)} s`,
);
process.exit(failed > 0 ? 1 : 0);
