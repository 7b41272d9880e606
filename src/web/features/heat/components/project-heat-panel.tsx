import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useProjectHeat } from '../api.ts';
import { HeatBreakdownChart } from './heat-breakdown-chart.tsx';
import { HeatComponentTable } from './heat-component-table.tsx';
import { ProjectHeatHistory } from './heat-history.tsx';

/** The project page's heat section: category chart, component table, social-score table and history. */
export function ProjectHeatPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation('heat');
  const heat = useProjectHeat(projectId);

  return (
    <section aria-labelledby="project-heat-title" className="space-y-4">
      <header>
        <h2 id="project-heat-title" className="text-lg font-semibold">
          {t('panel.title')}
        </h2>
        <p className="muted text-sm">{t('panel.subtitle')}</p>
        {heat.data && (
          <p className="muted mt-1 text-xs">
            {heat.data.computedAt
              ? t('panel.computedAt', { date: formatDateTime(heat.data.computedAt), model: heat.data.model })
              : heat.data.previewReason === 'inputs-changed'
                ? t('panel.previewInputsChanged')
                : t('panel.preview')}
          </p>
        )}
      </header>
      {heat.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : heat.isError ? (
        <ErrorPanel
          title={t('panel.loadError')}
          message={heat.error.message}
          retryLabel={t('panel.retry')}
          onRetry={() => void heat.refetch()}
        />
      ) : (
        <>
          {heat.data.scored ? (
            heat.data.noData && <p className="text-sm">{t('panel.noData')}</p>
          ) : (
            <p className="text-sm" data-testid="heat-not-scored">
              {t('panel.notScored', {
                n: heat.data.evidence.count,
                total: heat.data.evidence.total,
                min: heat.data.evidence.min,
              })}
            </p>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <HeatBreakdownChart categories={heat.data.categories} />
            <HeatComponentTable
              breakdown={heat.data.socialBreakdown}
              score={heat.data.socialScore}
              caption={t('table.socialTitle')}
            />
          </div>
          <HeatComponentTable
            breakdown={heat.data.breakdown}
            score={heat.data.score}
            sources={heat.data.sources}
            rowIdPrefix="breakdown-"
          />
        </>
      )}
      <ProjectHeatHistory projectId={projectId} />
    </section>
  );
}
