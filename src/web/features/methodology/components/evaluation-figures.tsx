import type { EvaluationCellDto } from '../../../../shared/api/methodology.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatCorrelation, formatShare } from '../evaluation-view.ts';

type Summary = EvaluationCellDto['correlation'];

/** A mean with its 95 % interval, or "not enough days" in words when the minimum-evidence rule withholds it. */
export function SummaryFigure({ summary, format }: { summary: Summary; format: 'correlation' | 'share' }) {
  const { t } = useTranslation('methodology');
  const show = format === 'correlation' ? formatCorrelation : formatShare;
  const mean = show(summary.mean);
  if (mean === null) return <span className="muted text-xs">{t('evaluation.notEnough')}</span>;
  const low = show(summary.low);
  const high = show(summary.high);
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium">{mean}</span>
      {low !== null && high !== null && (
        <span className="muted ml-1 text-xs">
          [{low}, {high}]
        </span>
      )}
    </span>
  );
}
