import type { Project } from '../../../../shared/api/projects.schema.ts';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Heat and social score with what they mean and when they were computed. */
export function ProjectScores({ project }: { project: Project }) {
  const { t } = useTranslation(['project', 'app']);
  return (
    <section aria-labelledby="project-scores" className="card p-5">
      <h2 id="project-scores" className="text-lg font-semibold">
        {t('project:scores.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm font-medium">{t('app:score.heat')}</dt>
          <dd className="mt-2">
            <HeatScore
              value={project.heatScore}
              label={t('app:score.heat')}
              size="lg"
              evidence={project.evidenceCount}
            />
            <p className="muted mt-2 text-xs">{t('project:scores.heatHint')}</p>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium">{t('app:score.social')}</dt>
          <dd className="mt-2">
            <HeatScore
              value={project.socialScore}
              label={t('app:score.social')}
              size="lg"
              missing="noData"
              missingTitle={t('app:score.socialNoDataTitle')}
            />
            <p className="muted mt-2 text-xs" data-testid="social-score-hint">
              {project.socialScore === null ? t('project:scores.socialNoData') : t('project:scores.socialHint')}
            </p>
          </dd>
        </div>
      </dl>
      <p className="muted mt-4 text-xs">
        {project.heatComputedAt
          ? t('project:scores.computedAt', {
              date: formatDateTime(project.heatComputedAt),
              model: project.heatModel ?? '—',
            })
          : t('project:scores.notComputed')}
      </p>
    </section>
  );
}
