import type { EvaluationCell, EvaluationResult, EvaluationSummary } from '../../shared/methodology/types.ts';

// Plain-text tables of an evaluation for the terminal (npm run evaluate): the same cells the API serves.

const fixed = (v: number | null, digits = 3) => (v === null ? '' : v.toFixed(digits));

/** "0.412 [0.301, 0.520]", or the days still missing in words (never a made-up number). */
function formatSummary(s: EvaluationSummary, needed: number): string {
  if (s.mean === null) return needed > 0 ? `no data yet: ${needed} more days needed` : 'no data';
  return `${fixed(s.mean)} [${fixed(s.low)}, ${fixed(s.high)}]`;
}

function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const rowOf = (c: EvaluationCell, first: string[]) => [
  ...first,
  c.outcome,
  String(c.horizon),
  formatSummary(c.correlation, c.daysNeeded),
  c.hitRate.mean === null
    ? formatSummary(c.hitRate, c.daysNeeded)
    : `${formatSummary(c.hitRate, 0)} vs ${c.hitRateChance}`,
  String(c.daysUsed),
  c.daysUsed > 0 ? c.projectsMean.toFixed(0) : '',
];

/**
 * One evaluation as text: the overall table (each outcome and horizon), then per sector. Correlation is Spearman's ρ
 * between heat at t and the outcome's change over (t, t+h]; hit rate is the top decile's, beside its chance level.
 */
export function formatEvaluationTables(title: string, result: EvaluationResult): string {
  const header = [
    'outcome',
    'h (days)',
    'correlation ρ [95 % CI]',
    'top-decile hit rate [95 % CI]',
    'days',
    'projects/day',
  ];
  const all = result.cells.filter((c) => c.group.kind === 'all');
  const sectors = result.cells.filter((c) => c.group.kind === 'sector');
  const parts = [
    `${title}: ${result.from ?? '?'} … ${result.to ?? '?'} (seed ${result.seed}, ${result.resamples} resamples)`,
    renderTable(
      header,
      all.map((c) => rowOf(c, [])),
    ),
  ];
  if (sectors.length > 0) {
    parts.push(
      'by sector',
      renderTable(
        ['sector', ...header],
        sectors.map((c) => rowOf(c, [c.group.id ?? ''])),
      ),
    );
  }
  return parts.join('\n\n');
}
