import { Link } from 'react-router';
import type { ProjectListItem } from '../../../../shared/api/projects.schema.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';

/** Logo, linked name, symbol and the verified mark: how a project is named in every list. */
export function ProjectNameCell({
  project,
  compact = false,
}: {
  project: Pick<ProjectListItem, 'id' | 'name' | 'symbol' | 'logoUrl' | 'verification'>;
  /** Below sm the logo gives its width to the figures (the directory's phone table). */
  compact?: boolean;
}) {
  return (
    <div className={`flex min-w-0 items-center ${compact ? 'gap-2' : 'gap-3'}`}>
      <span className={compact ? 'hidden shrink-0 sm:inline-flex' : 'inline-flex shrink-0'}>
        <Logo src={project.logoUrl} name={project.name} alt="" />
      </span>
      <div className="min-w-0">
        <Link
          to={`/project/${encodeURIComponent(project.id)}`}
          className="block truncate font-semibold hover:text-brand-700 hover:underline dark:hover:text-brand-400"
          title={project.name}
        >
          {project.name}
        </Link>
        <div className="flex items-center gap-2">
          {project.symbol && <span className="muted text-xs uppercase">{project.symbol}</span>}
          <VerifiedBadge verification={project.verification} />
        </div>
      </div>
    </div>
  );
}
