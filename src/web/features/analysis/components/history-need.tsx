import type { MarketAnalysisResponse } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type History = MarketAnalysisResponse['history'];

/** Whether a section needing `needed` days of heat history (1 = 24 hours) has it yet. */
export const hasHistory = (history: History, needed: number) => history.days >= needed;

/**
 * In place of an empty section that only time fills: what it needs and how much there is ("Needs 7 days of history:
 * 3 so far"), so "not enough history" says when it will fill in.
 */
export function HistoryNeed({ history, needed }: { history: History; needed: number }) {
  const { t } = useTranslation('analysis');
  const text =
    history.firstRunAt === null
      ? t('history.noRun')
      : needed === 1
        ? t('history.needsDay')
        : t('history.needs', { needed, days: history.days });
  return (
    <p className="muted text-sm" data-history-need={needed}>
      {text}
    </p>
  );
}
