import { formatPercent, isMissing } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { NoValue, type NoValueReason } from './no-value.tsx';

type ChangeTextProps = {
  value: number | null | undefined;
  digits?: number;
  suffix?: string;
  /** Why a missing change is missing (see NoValue). */
  reason?: NoValueReason;
};

// Up and down take the reader's colours (styles.css .tone-gain/.tone-loss: green or red up, lib/price-colours.ts),
// each at ≥ 4.5:1 in both themes.
const TONES = {
  up: 'tone-gain',
  down: 'tone-loss',
  unchanged: 'text-gray-600 dark:text-gray-400',
} as const;
const ARROWS = { up: '▲', down: '▼', unchanged: '' } as const;

/**
 * Signed percent in the reader's up/down colours (green or red up). Colour is never the only cue: the sign and an arrow are printed,
 * and screen readers hear "Up +3.46%" / "Down -1.20%". A missing change is "—" with its reason.
 */
export function ChangeText({ value, digits = 2, suffix = '%', reason }: ChangeTextProps) {
  const { t } = useTranslation('app');
  if (isMissing(value)) return <NoValue reason={reason} />;
  const rounded = Number(value.toFixed(digits));
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'unchanged';
  const text = formatPercent(rounded, digits);
  return (
    <span className={`relative whitespace-nowrap tabular-nums ${TONES[direction]}`} data-change={direction}>
      <span className="sr-only">{t(`figures.${direction}`)} </span>
      {ARROWS[direction] && (
        <span aria-hidden="true" className="mr-0.5 text-[0.7em]">
          {ARROWS[direction]}
        </span>
      )}
      {suffix === '%' ? text : text.replace('%', suffix)}
    </span>
  );
}
