import { Link } from 'react-router';
import type { Project } from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { htmlLang, pickLocalized } from '../../../lib/localized.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** `sectorLabel`: a sector's display name in the UI language (the stored categories are English). */
type ProjectAboutProps = { project: Project; sectorLabel: (category: string) => string };

/** The input behind `dataAsOf` (the newest as-of), so "updated" is marked when even the newest figure is a sample. */
const newestSource = (project: Project) =>
  Object.values(project.metricSources).find((source) => source.asOf === project.dataAsOf);

/** Description (falling back to the other language, marked), sector, categories, chains, tags and dates. */
export function ProjectAbout({ project, sectorLabel }: ProjectAboutProps) {
  const { t, i18n } = useTranslation(['project', 'app']);
  const description = pickLocalized(project.description, i18n.language);
  return (
    <section aria-labelledby="project-about" className="card p-5">
      <h2 id="project-about" className="text-lg font-semibold">
        {t('project:about.title')}
      </h2>
      {description ? (
        <div className="mt-3">
          <p className="leading-7" lang={htmlLang(description.lang)}>
            {description.text}
          </p>
          {description.fallback && <p className="muted mt-1 text-xs">{t('project:about.translatedFallback')}</p>}
        </div>
      ) : (
        <p className="muted mt-3">{t('project:about.noDescription')}</p>
      )}

      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="muted text-xs font-medium">{t('project:about.sector')}</dt>
          <dd className="mt-1">
            {project.sectorId ? (
              <Link to={`/sectors/${encodeURIComponent(project.sectorId)}`} className="link font-medium">
                {sectorLabel(project.category)}
              </Link>
            ) : (
              sectorLabel(project.category)
            )}
          </dd>
        </div>
        {project.categories.length > 1 && (
          <div>
            <dt className="muted text-xs font-medium">{t('project:about.categories')}</dt>
            <dd className="mt-1">{project.categories.map(sectorLabel).join(t('project:about.listSeparator'))}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="muted text-xs font-medium">{t('project:about.chains')}</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {project.chains.length === 0
              ? t('app:data.noData')
              : project.chains.map((chain) => (
                  <Link
                    key={chain}
                    to={`/directory?chain=${encodeURIComponent(chain)}`}
                    className="rounded-full border border-gray-300 px-2.5 py-0.5 text-xs hover:border-brand-500 dark:border-gray-700"
                  >
                    {chain}
                  </Link>
                ))}
          </dd>
        </div>
        {project.tags.length > 0 && (
          <div className="sm:col-span-2">
            <dt className="muted text-xs font-medium">{t('project:about.tags')}</dt>
            <dd className="mt-1 flex flex-wrap gap-2">
              {project.tags.map((tag) => (
                <Badge key={tag}>#{tag}</Badge>
              ))}
            </dd>
          </div>
        )}
        {project.sourcePlatform && (
          <div>
            <dt className="muted text-xs font-medium">{t('project:about.sourcePlatform')}</dt>
            <dd className="mt-1">{project.sourcePlatform}</dd>
          </div>
        )}
        <div>
          <dt className="muted text-xs font-medium">{t('project:about.listedAt')}</dt>
          <dd className="mt-1">{formatDate(project.listedAt)}</dd>
        </div>
        <div>
          <dt className="muted text-xs font-medium" title={t('project:about.updatedAtHint')}>
            {t('project:about.updatedAt')}
          </dt>
          <dd className="mt-1" data-testid="project-data-as-of">
            {project.dataAsOf ? formatDate(project.dataAsOf) : t('app:data.noData')}
            <MetricSource source={newestSource(project)} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
