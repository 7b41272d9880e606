import { formatScore } from '../../lib/format.ts';

type HeatScoreProps = { value: number | null | undefined; label: string; size?: 'sm' | 'lg' };

// Colour bands for a score ∈ [0, 100]; the number itself is always shown, colour is only a hint.
function toneFor(value: number): string {
  if (value >= 80) return 'bg-red-600 text-white';
  if (value >= 60) return 'bg-orange-500 text-gray-950';
  if (value >= 40) return 'bg-amber-300 text-gray-950';
  return 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100';
}

/** A score pill; `label` names the score for screen readers ("Heat score"). */
export function HeatScore({ value, label, size = 'sm' }: HeatScoreProps) {
  const tone = value === null || value === undefined ? toneFor(0) : toneFor(value);
  const dims = size === 'lg' ? 'min-w-16 px-3 py-1.5 text-2xl' : 'min-w-12 px-2 py-0.5 text-sm';
  return (
    <span
      className={`inline-flex items-center justify-center rounded-lg font-semibold tabular-nums ${dims} ${tone}`}
      title={label}
    >
      <span className="sr-only">{label}: </span>
      {formatScore(value)}
    </span>
  );
}
