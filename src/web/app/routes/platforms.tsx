import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type PlatformKind, usePlatforms } from '../../features/platforms/api.ts';
import { PlatformList } from '../../features/platforms/components/platform-list.tsx';
import { formatInteger } from '../../lib/format.ts';
import { QueryError } from '../query-error.tsx';

const KINDS = ['all', 'chain', 'launchpad'] as const;

export function PlatformsPage() {
  const { t } = useTranslation(['platforms', 'app']);
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind');
  const kind: PlatformKind | undefined = raw === 'chain' || raw === 'launchpad' ? raw : undefined;
  const platforms = usePlatforms(kind);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('platforms:title')}
        subtitle={t('platforms:subtitle')}
        aside={
          platforms.data && (
            <p className="muted text-sm">
              {t('platforms:count', { count: formatInteger(platforms.data.items.length) })}
            </p>
          )
        }
      />
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('platforms:kinds.label')}</legend>
        {KINDS.map((option) => {
          const selected = (kind ?? 'all') === option;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              className={selected ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setParams(option === 'all' ? {} : { kind: option })}
            >
              {t(`platforms:kinds.${option}`)}
            </button>
          );
        })}
      </fieldset>
      {platforms.isPending ? (
        <div role="status" aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t('app:loading.title')}</span>
          {Array.from({ length: 9 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-44 w-full rounded-xl" />
          ))}
        </div>
      ) : platforms.isError ? (
        <QueryError query={platforms} />
      ) : platforms.data.items.length === 0 ? (
        <EmptyState title={t('platforms:empty')} />
      ) : (
        <PlatformList platforms={platforms.data.items} />
      )}
    </div>
  );
}
