import { useTranslation } from 'react-i18next';
import type { Figure } from '../../../../shared/api/watchlists.schema.ts';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatUsd } from '../../../lib/format.ts';

/** A USD figure from the server, or "—" with the server's reason why it is missing (never a made-up number). */
export function FigureCell({ figure, signed = false }: { figure: Figure; signed?: boolean }) {
  const { t } = useTranslation('watchlists');
  if (figure.value === null) return <NoValue text={t(`reasons.${figure.reason ?? 'no_price'}`)} />;
  const tone =
    !signed || figure.value === 0
      ? ''
      : figure.value > 0
        ? 'text-green-700 dark:text-green-400'
        : 'text-red-700 dark:text-red-400';
  const sign = signed && figure.value > 0 ? '+' : '';
  return <span className={`tabular-nums ${tone}`}>{`${sign}${formatUsd(figure.value)}`}</span>;
}
