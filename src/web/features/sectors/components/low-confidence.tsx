import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { SECTOR_CONFIDENT_MIN_SCORED } from '../../../../shared/api/sectors.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * "Low confidence: rests on 2 scored projects" under a sector's heat when the server marks it so (fewer than
 * SECTOR_CONFIDENT_MIN_SCORED scored members: one project can swing it). Nothing otherwise.
 */
export function LowConfidence({ sector }: { sector: Pick<Sector, 'lowConfidence' | 'scoredCount'> }) {
  const { t } = useTranslation('sectors');
  if (!sector.lowConfidence) return null;
  return (
    // Not the one-line Badge: in the ranking's narrow heat column the sentence must wrap, not spill into the next one.
    <span
      data-testid="low-confidence"
      title={t('confidence.lowTitle', { min: SECTOR_CONFIDENT_MIN_SCORED })}
      className="mt-1 block w-fit max-w-full rounded-md bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
    >
      {t('confidence.low', { count: sector.scoredCount })}
    </span>
  );
}
