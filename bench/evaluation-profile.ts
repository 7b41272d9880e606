// Profiles the evaluation's phases on a seeded PostgreSQL database (seeds it when empty): wall and CPU time per phase.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { createDb, queryRows } from '../src/server/db/client.ts';
import { loadEvaluationInputs, toPanel } from '../src/server/features/methodology/evaluation-inputs.service.ts';
import { runEvaluation, toEvaluationWindow } from '../src/server/features/methodology/evaluation-run.service.ts';
import { seedSynthetic } from '../src/server/features/synthetic/synthetic.service.ts';
import { evaluateProposal } from '../src/server/features/methodology/evaluation-proposal.service.ts';
import { evaluateHeat } from '../src/shared/methodology/evaluate.ts';
import { CODE_MODEL_ID } from '../src/shared/methodology/models.ts';
import { CURRENT_WEIGHTS } from '../src/shared/methodology/proposal.ts';
import { seedDailyHistory } from './evaluation.bench.ts';

const [url = '', countArg = '10000', daysArg = '90', only = 'read,engine,job,proposal'] = process.argv.slice(2);
const count = Number(countArg);
const days = Number(daysArg);
const NOW = new Date('2026-11-28T12:00:00Z');

async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const out = await fn();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(
    `${label.padEnd(40)} wall ${Math.round(wall)} ms  cpu ${Math.round((used.user + used.system) / 1000)} ms`,
  );
  return out;
}

const handle = await createDb(loadConfig({ DATABASE_URL: url }), { role: 'bench' });
const window = toEvaluationWindow(NOW);
const from = new Date(Date.parse(`${window.to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
const [row] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM projects`);
if ((row?.n ?? 0) === 0) {
  await timed('seed', async () => {
    await seedSynthetic(handle.db, { count, seed: 42, now: NOW });
    await seedDailyHistory(handle.db, from, window.to);
    await handle.db.execute(sql`ANALYZE heat_history, heat_daily_ranks, daily_signals, projects, sectors`);
  });
}
const phases = only.split(',');
if (phases.includes('read') || phases.includes('engine')) {
  const inputs = await timed('read (loadEvaluationInputs)', () =>
    loadEvaluationInputs(handle.db, { from, to: window.to }),
  );
  console.log(`  rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
  if (phases.includes('engine')) {
    const heat = inputs.published.get(CODE_MODEL_ID) as Float32Array;
    await timed('engine (evaluateHeat, published)', () =>
      evaluateHeat(toPanel(inputs, heat, CODE_MODEL_ID), { seed: 37 }),
    );
  }
}
if (phases.includes('job')) {
  const job = await timed('job (runEvaluation)', () => runEvaluation(handle.db, { now: NOW, from, to: window.to }));
  console.log('  ', job.timingsMs);
}
if (phases.includes('proposal')) {
  const weights = { ...CURRENT_WEIGHTS, twitterFollowers: 0.05, marketCapUsd: 0.22 };
  await timed('proposal, cold (reads the window)', () => evaluateProposal(handle.db, weights, NOW));
  await timed('proposal, new weights', () => evaluateProposal(handle.db, { ...weights, marketCapUsd: 0.2, volume24hUsd: 0.12 }, NOW));
  await timed('proposal, same weights again', () => evaluateProposal(handle.db, weights, NOW));
}
await handle.close();
