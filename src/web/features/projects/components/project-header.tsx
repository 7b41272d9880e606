import type { ReactNode } from 'react';
import type { Project } from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { htmlLang, pickLocalized } from '../../../lib/localized.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { TrendingBadge } from './trending-badge.tsx';

const LINK_KEYS = ['website', 'twitter', 'telegram', 'discord', 'github', 'whitepaper'] as const;

/**
 * Logo, name, symbol, verified (or a neutral "not verified") and status marks, the price with its 24 h change and
 * as-of when a source gives one, the one-line intro and the project's own links. `logoNote`: what is known of a
 * missing logo (composed by the page from the fundamentals).
 */
export function ProjectHeader({ project, logoNote }: { project: Project; logoNote?: ReactNode }) {
  const { t, i18n } = useTranslation(['project', 'app', 'provenance']);
  const intro = pickLocalized(project.intro, i18n.language);
  useDocumentTitle(project.name);
  const links = LINK_KEYS.flatMap((key) => {
    const href = project.links[key];
    return href ? [{ key, href }] : [];
  });
  return (
    <header className="card p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* The note arrives with the fundamentals, after the header: beside the logo on a phone (under it from sm up,
            where the name block is taller anyway) so its lines never push the name down. */}
        <div className="flex shrink-0 flex-row items-end gap-2 sm:flex-col sm:items-start sm:gap-1">
          <Logo src={project.logoUrl} name={project.name} size={64} alt={`${project.name} logo`} />
          {!project.logoUrl && logoNote}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{project.name}</h1>
            {project.symbol && (
              <span className="rounded bg-gray-100 px-2 py-0.5 text-sm font-semibold uppercase dark:bg-gray-800">
                {project.symbol}
              </span>
            )}
            <VerifiedBadge verification={project.verification} />
            {!project.verification && (
              // Neutral grey: most listed projects are simply not reviewed yet; it is no warning.
              <span data-unverified-badge="">
                <Badge tone="gray" title={t('provenance:verified.noneHint')}>
                  {t('provenance:verified.none')}
                </Badge>
              </span>
            )}
            <ProjectStatusBadge status={project.status} />
            <TrendingBadge trending={project.trending} showAsOf />
          </div>
          <HeaderPrice project={project} />
          {intro && (
            <p className="muted mt-2 max-w-3xl" lang={htmlLang(intro.lang)}>
              {intro.text}
            </p>
          )}
          {links.length > 0 && (
            <ul aria-label={t('project:links.title')} className="mt-4 flex flex-wrap gap-2">
              {links.map(({ key, href }) => (
                <li key={key}>
                  <a href={href} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3 py-1.5">
                    {t(`project:links.${key}`)}
                    <ExternalIcon size={14} />
                    <span className="sr-only">{t('project:links.opensInNewTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </header>
  );
}

/** The price, its 24 h change (▲▼ and a sign) and where and when it came from; nothing when no source gives one. */
function HeaderPrice({ project }: { project: Project }) {
  const { t } = useTranslation('project');
  const price = project.metrics.price;
  if (price === null) return null;
  return (
    <div className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1" data-slot="header-price">
      <span className="sr-only">{t('metrics.price')}</span>
      <span className="text-2xl font-bold tabular-nums">{formatUsd(price)}</span>
      <span className="text-base font-semibold">
        <ChangeText value={project.metrics.priceChange24h} />
        <span className="muted ml-1 text-xs font-normal">{t('header.change24h')}</span>
      </span>
      <MetricSource source={project.metricSources.price} variant="line" />
    </div>
  );
}
