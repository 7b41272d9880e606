import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { listDays } from '../../../shared/methodology/panel.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { recomputePastDays } from '../heat/past-days.service.ts';
import { type EvaluationInputs, loadEvaluationInputs } from './evaluation-inputs.service.ts';
import { createCandidateModel, promoteHeatModel } from './models.service.ts';

// No look-ahead: heat at day t is computed from inputs known at t. Changing every stored input after t — and
// recomputing the backfilled days — must leave heat at t (published and replayed) exactly as it was, while heat after
// t does move (so the test can fail).

const FROM = '2026-05-01';
const TO = '2026-05-20';
const T = '2026-05-10';
const DAYS = listDays(FROM, TO);
const t0 = DAYS.indexOf(T);
let t: TestApp;
let ids: string[];

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  ids = [];
  for (let i = 0; i < 12; i++) ids.push((await insertProject(t.db, { category: i % 2 ? 'DeFi' : 'AI' })).id);
});
afterAll(() => t.close());

async function writeSignals(db: Db, days: readonly string[], scale: number) {
  const rows: (string | number | Date)[][] = [];
  ids.forEach((id, p) => {
    days.forEach((day, d) => {
      const wave = 1 + 0.5 * Math.sin(p + d / 3);
      rows.push([id, 'price', day, scale * (1 + p) * wave, 'test', new Date()]);
      rows.push([id, 'marketCap', day, scale * 1e7 * (1 + p) * wave, 'test', new Date()]);
      rows.push([id, 'volume24h', day, scale * 1e6 * (12 - p) * wave, 'test', new Date()]);
      rows.push([id, 'news', day, Math.round((scale * (p + d)) % 17), 'test', new Date()]);
    });
  });
  await db.execute(
    sql`DELETE FROM daily_signals WHERE day IN (SELECT jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)::date)`,
  );
  const columns = ['project_id', 'signal', 'day', 'value', 'source', 'fetched_at'];
  const types = ['text', 'text', 'date', 'float8', 'text', 'timestamptz'];
  await bulkInsert(
    db,
    'daily_signals',
    columns.map((name, i) => ({ name, type: types[i] as string })),
    rows,
  );
}

/** A candidate that moves weight from social to the market (the stored inputs here are market and news only). */
const PROMOTED = {
  id: 'heat-backfill-promoted',
  changelog: 'Market counts more.',
  definition: {
    ...CODE_MODEL_DEFINITION,
    categoryWeights: { social: 0.2, market: 0.6, development: 0.1, news: 0.1 },
    ageFactorUnknown: 0.9,
  },
};

const load = () =>
  loadEvaluationInputs(t.db, {
    from: FROM,
    to: TO,
    replay: [
      { id: 'replayed-current', definition: CODE_MODEL_DEFINITION },
      { id: 'replayed-promoted', definition: PROMOTED.definition },
    ],
  });

/** Each project's heat on days [from, to) of a series (NaN → null, so toEqual compares them). */
function heatOn(inputs: EvaluationInputs, series: Float32Array, from: number, to: number) {
  const D = inputs.days.length;
  return inputs.projects.map((_, p) =>
    Array.from(series.subarray(p * D + from, p * D + to), (v) => (Number.isNaN(v) ? null : v)),
  );
}

describe('heat at t uses only inputs known at t', () => {
  test('backfilled and replayed heat at t stay the same when every input after t changes', async () => {
    await writeSignals(t.db, DAYS, 1);
    await recomputePastDays(t.db, { fromDay: FROM, toDay: TO });
    const before = await load();
    const published = before.published.get(CODE_MODEL_ID) as Float32Array;
    expect(published, 'the backfill stored daily heat').toBeDefined();
    expect(
      heatOn(before, published, t0, t0 + 1)
        .flat()
        .filter((v) => v !== null),
    ).toHaveLength(ids.length);

    await writeSignals(t.db, DAYS.slice(t0 + 1), 40);
    await recomputePastDays(t.db, { fromDay: FROM, toDay: TO });
    const after = await load();

    const publishedAfter = after.published.get(CODE_MODEL_ID) as Float32Array;
    const replayed = before.replayed.get('replayed-current') as Float32Array;
    const replayedAfter = after.replayed.get('replayed-current') as Float32Array;
    expect(heatOn(after, publishedAfter, 0, t0 + 1)).toEqual(heatOn(before, published, 0, t0 + 1));
    expect(heatOn(after, replayedAfter, 0, t0 + 1)).toEqual(heatOn(before, replayed, 0, t0 + 1));
    expect(heatOn(after, publishedAfter, t0 + 1, DAYS.length)).not.toEqual(
      heatOn(before, published, t0 + 1, DAYS.length),
    );
    expect(heatOn(after, replayedAfter, t0 + 1, DAYS.length)).not.toEqual(
      heatOn(before, replayed, t0 + 1, DAYS.length),
    );
  });

  test('the replayed current model equals the backfill’s stored heat on the same day (one formula, read from the code)', async () => {
    const inputs = await load();
    const published = heatOn(inputs, inputs.published.get(CODE_MODEL_ID) as Float32Array, 0, DAYS.length);
    const replayed = heatOn(inputs, inputs.replayed.get('replayed-current') as Float32Array, 0, DAYS.length);

    expect(published.flat().filter((v) => v !== null).length).toBeGreaterThan(100);
    published.flat().forEach((v, i) => {
      const mine = replayed.flat()[i] ?? null;
      if (v === null) expect(mine).toBeNull();
      else expect(mine).toBeCloseTo(v, 3);
    });
  });
});

describe('backfilled days after a promotion', () => {
  test('are scored with the current model and record its version, in history and in the daily ranks', async () => {
    const before = await load();
    const actor = { id: null, email: 'backfill-admin@example.com' };
    await createCandidateModel(t.db, PROMOTED, actor, new Date());
    await promoteHeatModel(t.db, PROMOTED.id, actor, new Date());

    const result = await recomputePastDays(t.db, { fromDay: FROM, toDay: TO });
    const after = await load();

    expect(result.model).toBe(PROMOTED.id);
    const models = await queryRows<{ table: string; model: string; n: number }>(
      t.db,
      sql`SELECT 'history' AS table, model, count(*)::int AS n FROM heat_history
          WHERE entity_type = 'project' AND backfilled GROUP BY model
          UNION ALL SELECT 'ranks', model, count(*)::int FROM heat_daily_ranks WHERE entity_type = 'project' GROUP BY model`,
    );
    expect(models.map((m) => [m.table, m.model])).toEqual([
      ['history', PROMOTED.id],
      ['ranks', PROMOTED.id],
    ]);
    // The stored heat is the promoted model's (its replay on the same inputs), not the code's any more.
    expect(after.published.has(CODE_MODEL_ID)).toBe(false);
    const published = heatOn(after, after.published.get(PROMOTED.id) as Float32Array, 0, DAYS.length).flat();
    const replayed = heatOn(after, after.replayed.get('replayed-promoted') as Float32Array, 0, DAYS.length).flat();
    const code = heatOn(before, before.published.get(CODE_MODEL_ID) as Float32Array, 0, DAYS.length).flat();
    expect(published.filter((v) => v !== null).length).toBeGreaterThan(100);
    published.forEach((v, i) => {
      if (v === null) expect(replayed[i] ?? null).toBeNull();
      else expect(replayed[i]).toBeCloseTo(v, 3);
    });
    expect(published).not.toEqual(code);
  });
});
