import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { PendingBlock } from '../../../components/ui/pending-block.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectHeat } from '../api.ts';
import { HeatBreakdownChart } from './heat-breakdown-chart.tsx';
import { HeatComponentTable } from './heat-component-table.tsx';
import { type CanReadRange, ProjectHeatHistory } from './heat-history.tsx';

/** The project page's heat section: category chart, component table, social-score table and history. */
export function ProjectHeatPanel({
  projectId,
  canRead,
  sectorLabel,
}: {
  projectId: string;
  canRead?: CanReadRange;
  sectorLabel?: (category: string) => string;
}) {
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
        <PendingBlock paused={heat.fetchStatus === 'paused'} className="h-64 w-full" />
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
          {/* One above the other: the social table needs ~30rem, more than half the page's wide column even at 1440 px
              (side by side it scrolled inside its card). */}
          <div className="grid gap-4">
            <HeatBreakdownChart categories={heat.data.categories} />
            <HeatComponentTable
              breakdown={heat.data.socialBreakdown}
              score={heat.data.socialScore}
              caption={t('table.socialTitle')}
              missingTotal={t('table.noData')}
            />
          </div>
          {heat.data.socialScore === null && (
            <p className="muted text-sm" data-testid="social-not-scored">
              {t('panel.noSocialProfile')}
            </p>
          )}
          <HeatComponentTable
            breakdown={heat.data.breakdown}
            score={heat.data.score}
            sources={heat.data.sources}
            cohorts={heat.data.cohorts}
            sectorLabel={sectorLabel}
            rowIdPrefix="breakdown-"
          />
        </>
      )}
      <ProjectHeatHistory projectId={projectId} canRead={canRead} />
    </section>
  );
}
