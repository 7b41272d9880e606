const WIDTH = 96;
const HEIGHT = 28;

/** A small line of a series' shape (no axes: the row beside it states the first and last values and dates). */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * WIDTH).toFixed(1)},${(HEIGHT - ((v - min) / span) * HEIGHT).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 -1 ${WIDTH} ${HEIGHT + 2}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" className="text-brand-600" />
    </svg>
  );
}
