import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "n scored" beside a sector's project count: how many members its heat is computed from (the tooltip says why). */
export function ScoredCount({ sector }: { sector: Pick<Sector, 'scoredCount' | 'projectCount'> }) {
  const { t } = useTranslation('sectors');
  return (
    <span
      className="muted ml-1.5 text-xs font-normal whitespace-nowrap tabular-nums"
      title={t('ranking.scoredTitle', { n: sector.scoredCount, total: sector.projectCount })}
    >
      {t('ranking.scored', { n: formatInteger(sector.scoredCount) })}
    </span>
  );
}
