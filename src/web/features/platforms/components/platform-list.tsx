import { Link } from 'react-router';
import type { Platform } from '../../../../shared/api/platforms.schema.ts';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PlatformKindBadge } from './platform-kind-badge.tsx';
import { PlatformTvl } from './platform-tvl.tsx';

/** One card per platform: kind (and L1/L2), project count, average heat, TVL and its top projects. */
export function PlatformList({ platforms }: { platforms: readonly Platform[] }) {
  const { t } = useTranslation(['platforms', 'app']);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {platforms.map((platform) => (
        <li
          key={platform.id}
          className="card flex flex-col p-4"
          data-testid="platform-card"
          data-platform={platform.id}
        >
          <div className="flex items-center gap-3">
            <Logo src={null} name={platform.name} size={40} alt="" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/platforms/${encodeURIComponent(platform.id)}`}
                className="block truncate font-semibold hover:underline"
              >
                {platform.name}
              </Link>
              <PlatformKindBadge platform={platform} />
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="muted text-xs">{t('platforms:card.projects')}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatInteger(platform.projectCount)}</dd>
            </div>
            <div>
              <dt className="muted text-xs">{t('platforms:card.avgHeat')}</dt>
              <dd className="mt-1">
                <HeatScore value={platform.avgHeat} label={t('platforms:card.avgHeat')} />
              </dd>
            </div>
            <div>
              <dt className="muted text-xs">{t('platforms:card.tvl')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">
                <PlatformTvl platform={platform} />
              </dd>
            </div>
          </dl>
          {platform.topProjects.length > 0 && (
            <div className="mt-4 border-t border-gray-100 pt-3 dark:border-gray-800">
              <p className="muted text-xs">{t('platforms:card.topProjects')}</p>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {platform.topProjects.map((project) => (
                  <li key={project.id}>
                    <Link to={`/project/${encodeURIComponent(project.id)}`} className="link">
                      {project.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
