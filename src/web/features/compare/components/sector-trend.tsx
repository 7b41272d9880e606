import { type ReactNode, useState } from 'react';
import type { TrendRange } from '../../../../shared/api/heat.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSectorTrend } from '../api.ts';
import { TrendSection } from './trend-table.tsx';

/** A sector's daily heat with its rank among all sectors (premium trend analysis); shown like ProjectTrend. */
export function SectorTrend({ sectorId, refusal }: { sectorId: string; refusal: (error: unknown) => ReactNode }) {
  const { t } = useTranslation('compare');
  const [range, setRange] = useState<TrendRange>('30d');
  const trend = useSectorTrend(sectorId, range, true);
  return (
    <TrendSection
      slot="sector-trend"
      trend={trend}
      range={range}
      onRangeChange={setRange}
      rankLabel={t('trend.rankAmongSectors')}
      withinSector={false}
      refusal={refusal}
    />
  );
}
