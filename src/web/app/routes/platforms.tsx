import { useSearchParams } from 'react-router';
import { PLATFORM_SORTS, type PlatformSort } from '../../../shared/api/platforms.schema.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type PlatformKind, usePlatforms } from '../../features/platforms/api.ts';
import { PlatformControls } from '../../features/platforms/components/platform-controls.tsx';
import { PlatformList } from '../../features/platforms/components/platform-list.tsx';
import { formatInteger } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { OfflineListNotice } from '../offline-data.tsx';
import { QueryError } from '../query-error.tsx';

const isSort = (value: string | null): value is PlatformSort =>
  value !== null && (PLATFORM_SORTS as readonly string[]).includes(value);

/** /platforms?kind=&q=&sort=: every chain and launch platform, searchable by name and sortable. */
export function PlatformsPage() {
  const { t } = useTranslation(['platforms', 'app']);
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind');
  const kind: PlatformKind | undefined = raw === 'chain' || raw === 'launchpad' ? raw : undefined;
  const query = params.get('q') ?? '';
  const rawSort = params.get('sort');
  const sort: PlatformSort = isSort(rawSort) ? rawSort : 'projects';
  const platforms = usePlatforms({ kind, q: query.trim() || undefined, sort });
  const noTvl = platforms.data?.items.every((item) => item.tvl === null) ?? false;

  // One URL per view (shareable, back button); typing replaces the entry instead of stacking one per letter. Built
  // from the address as it is now: react-router's updater gets the params of the last render, so a sort chosen right
  // after clearing the search brought the old search back.
  const update = (name: 'kind' | 'q' | 'sort', value: string | undefined, replace = false) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('platforms:title')}
        subtitle={t('platforms:subtitle')}
        aside={
          platforms.data && (
            <p className="muted text-sm" data-testid="platform-count">
              {t('platforms:count', {
                count: platforms.data.items.length,
                n: formatInteger(platforms.data.items.length),
              })}
            </p>
          )
        }
      />
      <PlatformControls
        kind={kind}
        query={query}
        sort={sort}
        onKindChange={(next) => update('kind', next)}
        onQueryChange={(next) => update('q', next, true)}
        onSortChange={(next) => update('sort', next === 'projects' ? undefined : next)}
      />
      {sort === 'tvl' && noTvl && (
        <p role="status" className="muted text-sm" data-testid="tvl-sort-note">
          {t('platforms:tvl.sortNote')}
        </p>
      )}
      <OfflineListNotice query={platforms} />
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
        <EmptyState title={query ? t('platforms:search.empty', { q: query }) : t('platforms:empty')} />
      ) : (
        <div className={platforms.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <PlatformList platforms={platforms.data.items} />
        </div>
      )}
    </div>
  );
}
