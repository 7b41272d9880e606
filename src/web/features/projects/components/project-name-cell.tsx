import { Link } from 'react-router';
import type { ProjectListItem } from '../../../../shared/api/projects.schema.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';

/** Logo, linked name, symbol and the verified mark: how a project is named in every list. */
export function ProjectNameCell({
  project,
}: {
  project: Pick<ProjectListItem, 'id' | 'name' | 'symbol' | 'logoUrl' | 'verification'>;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Logo src={project.logoUrl} name={project.name} alt="" />
      <div className="min-w-0">
        <Link
          to={`/project/${encodeURIComponent(project.id)}`}
          className="block truncate font-semibold hover:text-brand-700 hover:underline dark:hover:text-brand-400"
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
