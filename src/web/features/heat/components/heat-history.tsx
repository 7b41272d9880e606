import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProjectHistory, useSectorHistory } from '../api.ts';
import { HeatHistoryChart } from './heat-history-chart.tsx';
import { HeatMoves } from './heat-moves.tsx';

type UseHistory = typeof useProjectHistory | typeof useSectorHistory;

/** A heat history chart with its range switch and "why it moved", for whichever entity `useHistory` reads. */
function HeatHistory({ id, useHistory }: { id: string; useHistory: UseHistory }) {
  const { t } = useTranslation('heat');
  const [range, setRange] = useState<HistoryRange>('7d');
  const history = useHistory(id, range);
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

/** A project's heat history and why it moved (which components' contributions changed). */
export function ProjectHeatHistory({ projectId }: { projectId: string }) {
  return <HeatHistory id={projectId} useHistory={useProjectHistory} />;
}

/** A sector's heat history and why it moved (which categories of its projects). For the sector page. */
export function SectorHeatHistory({ sectorId }: { sectorId: string }) {
  return <HeatHistory id={sectorId} useHistory={useSectorHistory} />;
}
