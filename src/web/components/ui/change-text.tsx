import { formatPercent } from '../../lib/format.ts';

type ChangeTextProps = { value: number | null | undefined; digits?: number; suffix?: string };

/** Signed percent, green when up and red when down; the sign is always printed so colour is never the only cue. */
export function ChangeText({ value, digits = 2, suffix = '%' }: ChangeTextProps) {
  const tone =
    value === null || value === undefined || value === 0
      ? 'text-gray-600 dark:text-gray-400'
      : value > 0
        ? 'text-green-700 dark:text-green-400'
        : 'text-red-700 dark:text-red-400';
  const text = formatPercent(value, digits);
  return <span className={`tabular-nums ${tone}`}>{suffix === '%' ? text : text.replace('%', suffix)}</span>;
}
