import type { Platform } from '../../../../shared/api/platforms.schema.ts';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PlatformKindBadge } from './platform-kind-badge.tsx';
import { PlatformTvl } from './platform-tvl.tsx';

export function PlatformHeader({ platform }: { platform: Platform }) {
  const { t } = useTranslation(['platforms', 'app']);
  useDocumentTitle(platform.name);
  return (
    <header className="card p-5 sm:p-6">
      <div className="flex items-center gap-4">
        <Logo src={null} name={platform.name} size={56} alt="" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{platform.name}</h1>
          <PlatformKindBadge platform={platform} />
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-4 sm:max-w-xl">
        <div>
          <dt className="muted text-xs font-medium">{t('platforms:card.projects')}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{formatInteger(platform.projectCount)}</dd>
        </div>
        <div>
          <dt className="muted text-xs font-medium">{t('platforms:card.avgHeat')}</dt>
          <dd className="mt-1">
            <HeatScore value={platform.avgHeat} label={t('platforms:card.avgHeat')} />
          </dd>
        </div>
        <div>
          <dt className="muted text-xs font-medium">{t('platforms:card.tvl')}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">
            <PlatformTvl platform={platform} />
          </dd>
        </div>
      </dl>
    </header>
  );
}
