import { lazy, Suspense } from 'react';
import type { HistoryRange } from '../../shared/api/heat.schema.ts';
import { canReadHistoryRange } from '../../shared/membership/level.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useSession } from '../features/auth/api.ts';
import { loadChunk } from '../lib/load-chunk.ts';

// The heat engine's panels (src/web/features/heat) carry their own queries and ECharts: they load on demand, after
// the page around them has rendered.
const ProjectHeatPanel = lazy(() =>
  loadChunk(() => import('../features/heat/index.ts')).then((module) => ({ default: module.ProjectHeatPanel })),
);
const SectorHeatHistory = lazy(() =>
  loadChunk(() => import('../features/heat/index.ts')).then((module) => ({ default: module.SectorHeatHistory })),
);

/** The ranges the viewer's level reads (a visitor: the free ones), as the server decides them (level.ts). */
function useCanReadRange(): (range: HistoryRange) => boolean {
  const level = useSession().data?.membership.level ?? 'free';
  return (range) => canReadHistoryRange(level, range);
}

/** The project page's heat breakdown and history; `sectorLabel` names the sector its inputs are ranked in. */
export function ProjectHeatSlot({
  projectId,
  sectorLabel,
}: {
  projectId: string;
  sectorLabel?: (category: string) => string;
}) {
  const canRead = useCanReadRange();
  return (
    <div className="card p-5" data-slot="heat-breakdown">
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <ProjectHeatPanel projectId={projectId} canRead={canRead} sectorLabel={sectorLabel} />
      </Suspense>
    </div>
  );
}

/** A sector's heat history and why it moved. */
export function SectorHeatSlot({ sectorId, title }: { sectorId: string; title: string }) {
  const canRead = useCanReadRange();
  return (
    <section aria-label={title} className="card p-5" data-slot="sector-heat-history">
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <SectorHeatHistory sectorId={sectorId} canRead={canRead} />
      </Suspense>
    </section>
  );
}
