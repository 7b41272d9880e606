import { parseArgs } from 'node:util';
import { loadConfig, readEnvironment } from '../config.ts';
import { createDb } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { refreshTableStatistics } from '../db/maintenance.ts';
import { countRealProjects, seedSynthetic } from '../features/synthetic/synthetic.service.ts';

// npm run seed:synthetic -- --count 100000 [--seed 42] [--data-dir ./data/synthetic] [--mix]
// Without DATABASE_URL or --data-dir it writes to ./data-synthetic, never into the real catalogue's ./data.

const USAGE = 'usage: npm run seed:synthetic -- [--count 100000] [--seed 42] [--data-dir ./data-synthetic] [--mix]';

function readArgs() {
  try {
    return parseArgs({
      options: {
        count: { type: 'string', default: '100000' },
        seed: { type: 'string', default: '42' },
        'data-dir': { type: 'string' },
        mix: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
}
const values = readArgs();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

async function main() {
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000)
    throw new Error('--count must be an integer 1–5,000,000');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const env = readEnvironment();
  const config = loadConfig({ ...env, DATA_DIR: values['data-dir'] ?? './data-synthetic' });
  const handle = await createDb(config, { role: 'seed:synthetic' });
  try {
    const real = await countRealProjects(handle.db);
    if (real > 0 && !values.mix) {
      throw new Error(`this database holds ${real} real projects; synthetic rows are not mixed in without --mix`);
    }
    const started = performance.now();
    let lastPrinted = 0;
    await seedSynthetic(handle.db, {
      count,
      seed,
      now: new Date(),
      onProgress: (done) => {
        if (done - lastPrinted >= 10_000 || done === count) {
          process.stdout.write(`\r  seeded ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`);
          lastPrinted = done;
        }
      },
    });
    await refreshTableStatistics(handle.db, handle.kind, ['projects', 'project_scores', 'sectors']);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\n  ${count.toLocaleString('en')} synthetic projects (seed ${seed}) in ${seconds.toFixed(1)} s → ${handle.kind === 'pglite' ? config.DATA_DIR : 'DATABASE_URL'}\n`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof DataDirLockedError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
