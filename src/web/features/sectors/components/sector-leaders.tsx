import { Link } from 'react-router';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sectorDisplayName } from '../hooks/use-sector-names.ts';

type ScoredSector = Sector & { heatScore: number };
const hasHeat = (sector: Sector): sector is ScoredSector => sector.heatScore !== null;

/**
 * A compact bar list of the hottest sectors (bar length = heat score out of 100). Sectors without a scored member
 * have no heat and are left out: they lead nothing.
 */
export function SectorLeaders({ sectors, limit = 6 }: { sectors: readonly Sector[]; limit?: number }) {
  const { t, i18n } = useTranslation('app');
  return (
    <ol className="space-y-3">
      {sectors
        .filter(hasHeat)
        .slice(0, limit)
        .map((sector) => (
          <li key={sector.id}>
            <div className="flex items-center justify-between gap-2 text-sm">
              <Link to={`/sectors/${encodeURIComponent(sector.id)}`} className="font-medium hover:underline">
                {sectorDisplayName(sector, i18n.language)}
              </Link>
              <span className="tabular-nums">
                <span className="sr-only">{t('score.heat')}: </span>
                {formatScore(sector.heatScore)}
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-gray-100 dark:bg-gray-800">
              <div
                className="h-2 rounded-full"
                style={{ width: `${Math.min(100, Math.max(0, sector.heatScore))}%`, backgroundColor: sector.color }}
              />
            </div>
          </li>
        ))}
    </ol>
  );
}
