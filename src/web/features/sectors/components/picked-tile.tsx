import { Link } from 'react-router';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The heat map tile a phone user tapped: its full name and heat in words, and the link that opens it. */
export function PickedTile({ sector, name }: { sector: Sector; name: string }) {
  const { t } = useTranslation('sectors');
  return (
    <p
      data-testid="treemap-selected"
      aria-live="polite"
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800/60"
    >
      <span className="font-semibold">{name}</span>
      <span className="muted">
        {t('map.tooltipHeat')}: {sector.heatScore === null ? t('map.noHeat') : formatScore(sector.heatScore)}
      </span>
      {sector.lowConfidence && (
        <span className="text-xs text-yellow-900 dark:text-yellow-200">
          {t('confidence.low', { count: sector.scoredCount })}
        </span>
      )}
      <Link to={`/sectors/${encodeURIComponent(sector.id)}`} className="link ml-auto font-medium">
        {t('map.open')}
      </Link>
    </p>
  );
}
