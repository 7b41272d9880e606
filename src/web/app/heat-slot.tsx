import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../components/ui/skeleton.tsx';

// The heat breakdown and history belong to the heat-engine feature (src/web/features/heat, another issue).
// import.meta.glob finds its entry at build time without failing when it does not exist yet: then this slot says
// so honestly instead of drawing an estimate. When it exists, it is loaded on demand (it carries ECharts).
type HeatPanelProps = { projectId: string };
type HeatModule = Record<string, unknown>;

const heatEntry = Object.values(import.meta.glob<HeatModule>('../features/heat/index.ts'))[0];

// Exports we place, in order, when the module provides them.
const PANEL_EXPORTS = ['ProjectHeatPanel', 'HeatBreakdown', 'HeatHistoryChart', 'HeatHistory'] as const;

const isComponent = (value: unknown): value is ComponentType<HeatPanelProps> =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

const HeatPanels = heatEntry
  ? lazy(async () => {
      const module = await heatEntry();
      const panels = PANEL_EXPORTS.flatMap((name) => {
        const candidate = module[name];
        return isComponent(candidate) ? [{ name, Component: candidate }] : [];
      });
      // ProjectHeatPanel, when present, is the whole panel; otherwise place the parts that exist.
      const chosen = panels[0]?.name === 'ProjectHeatPanel' ? panels.slice(0, 1) : panels;
      return {
        default: ({ projectId }: HeatPanelProps) =>
          chosen.length === 0 ? (
            <HeatPending />
          ) : (
            chosen.map(({ name, Component }) => <Component key={name} projectId={projectId} />)
          ),
      };
    })
  : undefined;

/** The clearly marked place for the heat breakdown and history of one project. */
export function HeatSlot({ projectId }: HeatPanelProps) {
  const { t } = useTranslation('project');
  return (
    <section aria-labelledby="project-heat" className="card p-5" data-slot="heat-breakdown">
      <h2 id="project-heat" className="text-lg font-semibold">
        {t('heat.title')}
      </h2>
      <div className="mt-4 space-y-4">
        {HeatPanels ? (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <HeatPanels projectId={projectId} />
          </Suspense>
        ) : (
          <HeatPending />
        )}
      </div>
    </section>
  );
}

function HeatPending() {
  const { t } = useTranslation('project');
  return (
    <div className="rounded-lg border border-dashed border-gray-300 p-5 dark:border-gray-700">
      <p className="font-medium">{t('heat.pendingTitle')}</p>
      <p className="muted mt-2 text-sm leading-6">{t('heat.pendingText')}</p>
    </div>
  );
}
