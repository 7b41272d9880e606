import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSyntheticPanel } from '../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../shared/methodology/models.ts';
import { CLI_ACTOR } from '../audit/audit-log.service.ts';
import { queryRows } from '../db/client.ts';
import { seedStoredHistory } from '../features/methodology/methodology.test-support.ts';
import { createCandidateModel } from '../features/methodology/models.service.ts';
import type { JobContext } from '../runs/job.ts';
import { runRecordedJob } from '../runs/run-log.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { heatEvaluationJob } from './heat-evaluation.job.ts';

// The daily evaluation: a re-run on the same inputs stores the same figures (fixed seed, rows replaced), and two
// instances starting it at once run it once (the job lock).

const panel = createSyntheticPanel({ projects: 60, days: 45, seed: 4, attentionLag: 7 });
// The job evaluates the 90 days ending yesterday: the day after the panel's last day is "today".
const NOW = new Date('2026-02-15T06:00:00Z');
const CANDIDATE = {
  id: 'heat-candidate',
  changelog: 'Market weighs less.',
  definition: {
    ...CODE_MODEL_DEFINITION,
    categoryWeights: { social: 0.45, market: 0.2, development: 0.2, news: 0.15 },
  },
};
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await seedStoredHistory(t.db, panel, CODE_MODEL_ID);
  await createCandidateModel(t.db, CANDIDATE, CLI_ACTOR, NOW);
});
afterAll(() => t.close());

const ctx = (): JobContext => t.jobContext(NOW);

const storedFigures = () =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`SELECT model_version, basis, outcome, horizon, group_kind, group_id, from_day::text, to_day::text,
      correlation_mean, correlation_low, correlation_high, hit_rate_mean, hit_rate_low, hit_rate_high, days_used,
      days_needed, (SELECT count(*)::int FROM heat_evaluation_days d WHERE d.model_version = c.model_version
        AND d.basis = c.basis AND d.outcome = c.outcome AND d.horizon = c.horizon AND d.group_kind = c.group_kind
        AND d.group_id = c.group_id) AS days
    FROM heat_evaluation_cells c ORDER BY 1, 2, 3, 4, 5, 6`,
  );

describe('heat-evaluation job', () => {
  test('evaluates the 90 days ending yesterday: published heat, and with a candidate both models replayed; a re-run stores the same', async () => {
    const first = await heatEvaluationJob.run(ctx());
    const stored = await storedFigures();

    const again = await heatEvaluationJob.run(ctx());

    expect(first.counts).toMatchObject({ projects: 60, evaluations: 3 });
    expect(again.counts.cells).toBe(first.counts.cells);
    expect(stored.length).toBe(first.counts.cells);
    expect(stored[0]).toMatchObject({ from_day: '2025-11-17', to_day: '2026-02-14' });
    expect(new Set(stored.map((r) => `${r.model_version}/${r.basis}`))).toEqual(
      new Set([`${CODE_MODEL_ID}/published`, `${CODE_MODEL_ID}/replayed`, `${CANDIDATE.id}/replayed`]),
    );
    expect(await storedFigures()).toEqual(stored);
  });

  test('two instances starting it at once: one runs, the other finds it locked', async () => {
    const start = (instance: string) =>
      runRecordedJob(
        t.db,
        t.handle.kind,
        { job: heatEvaluationJob.name, trigger: 'schedule', instance, now: () => NOW },
        () => heatEvaluationJob.run(ctx()),
      );

    const results = await Promise.all([start('a:1'), start('b:2')]);

    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.find((r) => !r.ran)).toMatchObject({ ran: false, reason: 'locked' });
  });
});
