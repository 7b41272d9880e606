import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../shared/api/projects.schema.ts';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { htmlLang, pickLocalized } from '../../../lib/localized.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';

const LINK_KEYS = ['website', 'twitter', 'telegram', 'discord', 'github', 'whitepaper'] as const;

/** Logo, name, symbol, verified and status marks, the one-line intro and the project's own links. */
export function ProjectHeader({ project }: { project: Project }) {
  const { t, i18n } = useTranslation(['project', 'app']);
  const intro = pickLocalized(project.intro, i18n.language);
  useDocumentTitle(project.name);
  const links = LINK_KEYS.flatMap((key) => {
    const href = project.links[key];
    return href ? [{ key, href }] : [];
  });
  return (
    <header className="card p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Logo src={project.logoUrl} name={project.name} size={64} alt={`${project.name} logo`} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{project.name}</h1>
            {project.symbol && (
              <span className="rounded bg-gray-100 px-2 py-0.5 text-sm font-semibold uppercase dark:bg-gray-800">
                {project.symbol}
              </span>
            )}
            <VerifiedBadge verification={project.verification} />
            <ProjectStatusBadge status={project.status} />
          </div>
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
