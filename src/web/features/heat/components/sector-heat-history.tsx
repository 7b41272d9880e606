import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSectorHistory } from '../api.ts';
import { HeatHistoryChart } from './heat-history-chart.tsx';
import { HeatMoves } from './heat-moves.tsx';

/** A sector's heat history and why it moved (which categories of its projects). For the sector page. */
export function SectorHeatHistory({ sectorId }: { sectorId: string }) {
  const { t } = useTranslation('heat');
  const [range, setRange] = useState<HistoryRange>('7d');
  const history = useSectorHistory(sectorId, range);
  if (history.isPending) return <Skeleton className="h-64 w-full" />;
  if (history.isError) {
    return (
      <ErrorPanel
        title={t('history.loadError')}
        message={history.error.message}
        retryLabel={t('panel.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  return (
    <div className="space-y-4">
      <HeatHistoryChart points={history.data.points} range={range} onRangeChange={setRange} />
      <HeatMoves moves={history.data.moves} />
    </div>
  );
}
