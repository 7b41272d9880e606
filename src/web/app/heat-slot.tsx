import { lazy, Suspense } from 'react';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { loadChunk } from '../lib/load-chunk.ts';

// The heat engine's panels (src/web/features/heat) carry their own queries and ECharts: they load on demand, after
// the page around them has rendered.
const ProjectHeatPanel = lazy(() =>
  loadChunk(() => import('../features/heat/index.ts')).then((module) => ({ default: module.ProjectHeatPanel })),
);
const SectorHeatHistory = lazy(() =>
  loadChunk(() => import('../features/heat/index.ts')).then((module) => ({ default: module.SectorHeatHistory })),
);

/** The project page's heat breakdown and history. */
export function ProjectHeatSlot({ projectId }: { projectId: string }) {
  return (
    <div className="card p-5" data-slot="heat-breakdown">
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <ProjectHeatPanel projectId={projectId} />
      </Suspense>
    </div>
  );
}

/** A sector's heat history and why it moved. */
export function SectorHeatSlot({ sectorId, title }: { sectorId: string; title: string }) {
  return (
    <section aria-label={title} className="card p-5" data-slot="sector-heat-history">
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <SectorHeatHistory sectorId={sectorId} />
      </Suspense>
    </section>
  );
}
