import { expect, test } from 'vitest';
import { evaluateHeat } from '../src/shared/methodology/evaluate.ts';
import { createSyntheticPanel } from '../src/shared/methodology/evaluation.test-support.ts';

// A timing print, not an assertion: the bench (issue 37) owns the targets (10,000 × 90 ≤ 2 s, 100,000 × 90 ≤ 10 s).
test('prints the time of a full evaluation at 10,000 projects × 90 days', () => {
  const panel = createSyntheticPanel({ projects: 10_000, days: 90, seed: 1, attentionLag: 7 });

  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = evaluateHeat(panel, { seed: 1 });
  const ms = performance.now() - started;
  const cpuMs = process.cpuUsage(cpu).user / 1000;

  // CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
  console.log(
    `evaluateHeat 10,000 projects × 90 days, ${result.cells.length} cells: ${Math.round(ms)} ms wall, ${Math.round(cpuMs)} ms CPU`,
  );
  expect(result.cells.length).toBeGreaterThan(0);
});
