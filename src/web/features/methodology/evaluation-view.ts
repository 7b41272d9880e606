import type { EvaluationCellDto, EvaluationResponse } from '../../../shared/api/methodology.schema.ts';

/** A correlation as read: signed, two decimals ("+0.23"); an interval as "[−0.05, +0.41]". */
export function formatCorrelation(value: number | null): string | null {
  if (value === null) return null;
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === '0.00') return '0.00';
  return `${value > 0 ? '+' : '−'}${fixed}`;
}

/** A share as a percentage with one decimal at most ("12.5%", "10%"). */
export function formatShare(value: number | null): string | null {
  if (value === null) return null;
  return `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

/** The cells of one model, basis and group kind, by outcome then horizon (the response may hold every group). */
export function pickCells(
  response: EvaluationResponse,
  where: { model: string | null; basis: EvaluationCellDto['basis']; groupKind: EvaluationCellDto['group']['kind'] },
): EvaluationCellDto[] {
  return response.cells.filter(
    (c) =>
      (where.model === null || c.modelVersion === where.model) &&
      c.basis === where.basis &&
      c.group.kind === where.groupKind,
  );
}

/** The model versions present in the cells, the current one first, then by id. */
export function modelsIn(cells: readonly EvaluationCellDto[], current: string | null): string[] {
  const ids = [...new Set(cells.map((c) => c.modelVersion))];
  return ids.sort((a, b) => (a === current ? -1 : b === current ? 1 : a.localeCompare(b)));
}
