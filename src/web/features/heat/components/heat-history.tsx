import { useState } from 'react';
import type { HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { PendingBlock } from '../../../components/ui/pending-block.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectHistory, useSectorHistory } from '../api.ts';
import { HeatHistoryChart } from './heat-history-chart.tsx';
import { HeatMoves } from './heat-moves.tsx';

type UseHistory = typeof useProjectHistory | typeof useSectorHistory;
/** Whether the viewer reads a range (the app passes the membership matrix's answer for the signed-in level). */
export type CanReadRange = (range: HistoryRange) => boolean;

/** A heat history chart with its range switch and "why it moved", for whichever entity `useHistory` reads. */
function HeatHistory({ id, useHistory, canRead }: { id: string; useHistory: UseHistory; canRead?: CanReadRange }) {
  const { t } = useTranslation('heat');
  const [range, setRange] = useState<HistoryRange>('7d');
  const history = useHistory(id, range);
  if (history.isPending) return <PendingBlock paused={history.fetchStatus === 'paused'} className="h-64 w-full" />;
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
      <HeatHistoryChart points={history.data.points} range={range} onRangeChange={setRange} canRead={canRead} />
      <HeatMoves moves={history.data.moves} />
    </div>
  );
}

/** A project's heat history and why it moved (which components' contributions changed). */
export function ProjectHeatHistory({ projectId, canRead }: { projectId: string; canRead?: CanReadRange }) {
  return <HeatHistory id={projectId} useHistory={useProjectHistory} canRead={canRead} />;
}

/** A sector's heat history and why it moved (which categories of its projects). For the sector page. */
export function SectorHeatHistory({ sectorId, canRead }: { sectorId: string; canRead?: CanReadRange }) {
  return <HeatHistory id={sectorId} useHistory={useSectorHistory} canRead={canRead} />;
}
