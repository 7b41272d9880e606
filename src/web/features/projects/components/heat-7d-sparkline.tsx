import { formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const WIDTH = 72;
const HEIGHT = 22;
const PAD = 2;
/** The smallest vertical span drawn (heat points): a 0.3-point wobble must not fill the box like a 30-point swing. */
const MIN_SPAN = 10;

type Point = { x: number; y: number };

/**
 * A row's heat over the last 7 days as a tiny inline SVG (no chart library per row). A day without heat is a gap in
 * the line, never a zero; a lone day between gaps is a dot. No day at all reads "no data" in words, not a flat line.
 * The line is in the reader's up/down colours (rising over the week or falling); its words carry the numbers.
 */
export function Heat7dSparkline({ scores, days }: { scores: readonly (number | null)[]; days: readonly string[] }) {
  const { t } = useTranslation('directory');
  const known = scores.filter((s): s is number => s !== null);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined) {
    return (
      <span className="muted text-xs whitespace-nowrap" data-sparkline="empty">
        {t('sparkline.noData')}
      </span>
    );
  }
  const low = Math.min(...known);
  const high = Math.max(...known);
  const span = Math.max(high - low, MIN_SPAN);
  const floor = (low + high) / 2 - span / 2;
  const step = (WIDTH - 2 * PAD) / Math.max(1, scores.length - 1);
  const segments: Point[][] = [];
  let current: Point[] = [];
  scores.forEach((score, i) => {
    if (score === null) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push({ x: PAD + i * step, y: HEIGHT - PAD - ((score - floor) / span) * (HEIGHT - 2 * PAD) });
  });
  if (current.length) segments.push(current);
  const label = t('sparkline.label', {
    first: formatScore(first),
    last: formatScore(last),
    count: known.length,
    total: scores.length,
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
  });
  const tone = last > first ? 'stroke-gain' : last < first ? 'stroke-loss' : 'stroke-gray-500';
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={label}
        className={`inline-block align-middle ${tone}`}
        data-sparkline={known.length === scores.length ? 'full' : 'gaps'}
        data-points={known.length}
      >
        <title>{label}</title>
        {segments.map((segment) =>
          segment.length === 1 ? (
            <circle key={segment[0]?.x} cx={segment[0]?.x} cy={segment[0]?.y} r="1.2" fill="none" strokeWidth="2" />
          ) : (
            <polyline
              key={segment[0]?.x}
              fill="none"
              strokeWidth="1.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              points={segment.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
            />
          ),
        )}
      </svg>
      {/* Fewer days than the window: how many, so a lone dot does not read as a glitch. */}
      {known.length < scores.length && (
        <span className="muted text-[10px] tabular-nums" aria-hidden="true">
          {t('sparkline.days', { count: known.length, total: scores.length })}
        </span>
      )}
    </span>
  );
}
