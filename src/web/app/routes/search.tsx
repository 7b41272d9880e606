import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MAX_QUERY_TEXT } from '../../../shared/api/projects.schema.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchForm } from '../../components/ui/search-form.tsx';
import { useSession } from '../../features/auth/api.ts';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { usePlatforms } from '../../features/platforms/api.ts';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSearch } from '../../features/search/api.ts';
import { SearchFilters } from '../../features/search/components/search-filters.tsx';
import { SearchQuotaNote } from '../../features/search/components/search-quota-note.tsx';
import { useSectors } from '../../features/sectors/api.ts';
import { sectorDisplayName, useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 20;
const MAX_SIDE_MATCHES = 8;

/**
 * First version of /search: projects through GET /api/search (each executed search counts against the daily quota;
 * the category filter is premium), sectors and platforms matched by name in the browser (not counted).
 */
export function SearchPage() {
  const { t, i18n } = useTranslation(['search', 'app', 'membership']);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_TEXT);
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const category = params.get('category') ?? undefined;
  const session = useSession();
  const level = session.data?.membership.level ?? null;
  const projects = useSearch({ q, category, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, { enabled: q !== '' });
  const refused = lockReasonOf(projects.error);
  // After a refusal there is no answer to read the count from: a used-up quota still says "0 of 10 left".
  const quotaShown =
    projects.data?.quota ??
    (refused?.kind === 'limit'
      ? { used: refused.limit, limit: refused.limit, resetsAt: refused.resetsAt ?? '' }
      : undefined);
  // Mirrors the server (custom filters are premium); while the session loads, nothing is shown as locked.
  const filterLock = session.isPending ? null : lockReasonFor('custom_filters', level);
  const sectors = useSectors();
  const platforms = usePlatforms();
  const sectorLabel = useSectorLabel();

  const needle = q.toLowerCase();
  const matchingSectors = useMemo(
    () =>
      needle
        ? (sectors.data?.items ?? [])
            .filter((s) => s.name.toLowerCase().includes(needle) || s.nameZh?.toLowerCase().includes(needle))
            .slice(0, MAX_SIDE_MATCHES)
        : [],
    [sectors.data, needle],
  );
  const matchingPlatforms = useMemo(
    () =>
      needle
        ? (platforms.data?.items ?? []).filter((p) => p.name.toLowerCase().includes(needle)).slice(0, MAX_SIDE_MATCHES)
        : [],
    [platforms.data, needle],
  );

  const handleSubmit = (value: string) =>
    setParams(value ? { q: value, ...(category ? { category } : {}) } : category ? { category } : {});
  const handleCategory = (value: string | undefined) =>
    setParams({ ...(q ? { q } : {}), ...(value ? { category: value } : {}) });

  const nothing =
    q !== '' && projects.data?.total === 0 && matchingSectors.length === 0 && matchingPlatforms.length === 0;

  return (
    <div className="space-y-6">
      <PageHeader title={t('search:title')} subtitle={t('search:subtitle')} />
      <SearchForm
        value={draft}
        onChange={setDraft}
        onSubmit={handleSubmit}
        label={t('search:label')}
        placeholder={t('search:placeholder')}
        submitLabel={t('search:submit')}
        maxLength={MAX_QUERY_TEXT}
        className="max-w-2xl"
      />
      <SearchFilters
        locked={filterLock && <LockedFeature reason={filterLock} title={t('membership:features.custom_filters')} />}
        options={(sectors.data?.items ?? []).map((s) => ({ id: s.id, label: sectorDisplayName(s, i18n.language) }))}
        category={category}
        onCategory={handleCategory}
      />
      <SearchQuotaNote quota={quotaShown} />
      <p className="muted text-xs">{t('search:comingSoon')}</p>

      {q === '' ? (
        <p className="muted">{t('search:prompt')}</p>
      ) : nothing ? (
        <EmptyState
          title={t('search:empty.title', { q })}
          description={t('search:empty.text')}
          action={
            <Link to="/directory" className="btn-secondary">
              {t('search:browse')}
            </Link>
          }
        />
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            {matchingSectors.length > 0 && (
              <section aria-labelledby="search-sectors" className="card p-4">
                <h2 id="search-sectors" className="font-semibold">
                  {t('search:results.sectors')}
                </h2>
                <ul className="mt-2 space-y-1 text-sm">
                  {matchingSectors.map((sector) => (
                    <li key={sector.id}>
                      <Link to={`/sectors/${encodeURIComponent(sector.id)}`} className="link">
                        {sectorDisplayName(sector, i18n.language)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {matchingPlatforms.length > 0 && (
              <section aria-labelledby="search-platforms" className="card p-4">
                <h2 id="search-platforms" className="font-semibold">
                  {t('search:results.platforms')}
                </h2>
                <ul className="mt-2 space-y-1 text-sm">
                  {matchingPlatforms.map((platform) => (
                    <li key={platform.id}>
                      <Link to={`/platforms/${encodeURIComponent(platform.id)}`} className="link">
                        {platform.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <section aria-labelledby="search-projects" className="space-y-3">
            <div className="flex items-baseline justify-between">
              <h2 id="search-projects" className="text-lg font-semibold">
                {t('search:results.projects')}
              </h2>
              {projects.data && (
                <span className="muted text-sm" aria-live="polite">
                  {t('search:results.projectCount', { count: formatInteger(projects.data.total) })}
                </span>
              )}
            </div>
            {refused ? (
              <LockedFeature reason={refused} />
            ) : projects.isPending ? (
              <ProjectListSkeleton rows={5} label={t('app:loading.title')} />
            ) : projects.isError ? (
              <QueryError query={projects} />
            ) : projects.data.items.length > 0 ? (
              <ProjectList
                data={projects.data}
                caption={t('search:results.projects')}
                sectorLabel={sectorLabel}
                page={page}
                onPageChange={setPage}
                stale={projects.isPlaceholderData}
              />
            ) : (
              <p className="muted text-sm">{t('search:empty.title', { q })}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
