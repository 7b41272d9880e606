import type { Figure } from '../../../../shared/api/watchlists.schema.ts';
import { formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export type MissingReason = NonNullable<Figure['reason']> | 'noData';

/**
 * A missing figure said in words ("no data", "no quantity"), never a bare dash: the short words on screen, the full
 * reason on hover and for screen readers.
 */
export function Missing({ reason }: { reason: MissingReason }) {
  const { t } = useTranslation('watchlists');
  const full = reason === 'noData' ? t('missing.noData') : t(`reasons.${reason}`);
  return (
    <span title={full} data-missing={reason} className="muted relative cursor-help whitespace-nowrap text-xs">
      <span aria-hidden="true">{t(`missing.${reason}`)}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

/** A USD figure from the server, or the server's reason why it is missing (never a made-up number). */
export function FigureCell({ figure, signed = false }: { figure: Figure; signed?: boolean }) {
  if (figure.value === null) return <Missing reason={figure.reason ?? 'no_price'} />;
  const tone = !signed || figure.value === 0 ? '' : figure.value > 0 ? 'tone-gain' : 'tone-loss';
  const sign = signed && figure.value > 0 ? '+' : '';
  return <span className={`whitespace-nowrap tabular-nums ${tone}`}>{`${sign}${formatUsd(figure.value)}`}</span>;
}
