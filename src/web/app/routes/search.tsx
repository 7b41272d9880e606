import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MAX_QUERY_TEXT } from '../../../shared/api/projects.values.ts';
import { canUse } from '../../../shared/membership/level.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSession } from '../../features/auth/api.ts';
import { useUsage } from '../../features/membership/api.ts';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { usePlatforms } from '../../features/platforms/api.ts';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSavedSearches, useSearch, useSearchFacets, useSuggest } from '../../features/search/api.ts';
import { SaveSearchDialog } from '../../features/search/components/save-search-dialog.tsx';
import { SavedSearchesPanel } from '../../features/search/components/saved-searches-panel.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { SearchFilters } from '../../features/search/components/search-filters.tsx';
import { SearchQuotaNote } from '../../features/search/components/search-quota-note.tsx';
import { useDebouncedValue } from '../../features/search/hooks/use-debounced-value.ts';
import { isRunnable, readSearchQuery, SEARCH_SORTS, type SearchUrlQuery } from '../../features/search/search-url.ts';
import { useSectors } from '../../features/sectors/api.ts';
import { sectorDisplayName, useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { ShareToggle } from '../../features/team-sharing/components/share-toggle.tsx';
import { TeamSharedSearches } from '../../features/team-sharing/components/team-shared-searches.tsx';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ExportLink } from '../export-link.tsx';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 20;
const MAX_SIDE_MATCHES = 8;
const SUGGEST_DEBOUNCE_MS = 200;

/**
 * /search: every part of the search lives in the URL (text, filters, sort, page), so a link or a reload shows the same
 * results and the back button steps through them. Each executed search counts against the daily quota, so one runs on
 * submit or a filter change only (suggestions as you type are free); custom filters and saved searches are premium.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation(['search', 'app', 'membership']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readSearchQuery(params), [params]);
  const q = (query.q ?? '').slice(0, MAX_QUERY_TEXT);
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const suggestions = useSuggest(useDebouncedValue(draft.trim(), SUGGEST_DEBOUNCE_MS));

  const session = useSession();
  const level = session.data?.membership.level ?? null;
  const runnable = isRunnable(query);
  const projects = useSearch({ ...query, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, { enabled: runnable });
  // Loaded beside the results (not after them); shown only with the search's own answer (not after a refusal).
  const facets = useSearchFacets(query, { enabled: runnable });
  const refused = lockReasonOf(projects.error);
  // After a refusal there is no answer to read the count from: a used-up quota still shows "10 of 10".
  const quotaShown =
    projects.data?.quota ??
    (refused?.kind === 'limit'
      ? { used: refused.limit, limit: refused.limit, resetsAt: refused.resetsAt ?? '' }
      : undefined);
  // Mirrors the server (custom filters and saved searches are premium); while the session loads, nothing is locked.
  const filterLock = session.isPending ? null : lockReasonFor('custom_filters', level);
  const canSave = level !== null && canUse(level, 'saved_searches');
  const saved = useSavedSearches(canSave);
  const usage = useUsage();
  const alertQuota = usage.data?.quotas.find((quota) => quota.quota === 'concurrentAlerts');
  const [saving, setSaving] = useState(false);
  const [savedAs, setSavedAs] = useState<string | null>(null);

  const sectors = useSectors();
  const platforms = usePlatforms();
  const sectorLabel = useSectorLabel();
  const sectorById = useMemo(
    () =>
      new Map(
        (sectors.data?.items ?? []).flatMap((s) => [
          [s.id.toLowerCase(), s],
          [s.name.toLowerCase(), s],
        ]),
      ),
    [sectors.data],
  );
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

  /** A new search state: a new URL entry (back returns to the previous search), always from page 1. */
  const update = (patch: SearchUrlQuery) => {
    setSavedAs(null);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });
  };

  const nothing =
    q !== '' && projects.data?.total === 0 && matchingSectors.length === 0 && matchingPlatforms.length === 0;
  const savedQuery = query as Record<string, string>;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('search:title')}
        subtitle={t('search:subtitle')}
        aside={Object.keys(savedQuery).length > 0 && <ExportLink kind="search" />}
      />
      <SearchBox
        value={draft}
        onChange={setDraft}
        onSubmit={(value) => update({ q: value || undefined })}
        suggestions={draft.trim() ? (suggestions.data?.items ?? []) : []}
        onPick={(item) => navigate(`/project/${encodeURIComponent(item.id)}`)}
        maxLength={MAX_QUERY_TEXT}
        texts={{
          label: t('search:label'),
          placeholder: t('search:placeholder'),
          submit: t('search:submit'),
          suggestions: t('search:suggestions'),
          heat: (value) => t('search:heat', { value }),
        }}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SearchQuotaNote quota={quotaShown} />
        {runnable && canSave && !saving && (
          <button type="button" className="btn-secondary text-sm" onClick={() => setSaving(true)}>
            {t('search:save.open')}
          </button>
        )}
        {savedAs && (
          <p className="text-sm text-green-700 dark:text-green-400" role="status">
            {t('search:save.done', { name: savedAs })}
          </p>
        )}
      </div>
      {saving && (
        <SaveSearchDialog
          query={savedQuery}
          defaultName={q || t('search:save.defaultName')}
          onClose={() => setSaving(false)}
          onSaved={(name) => {
            setSaving(false);
            setSavedAs(name);
          }}
        />
      )}

      {canSave ? (
        <SavedSearchesPanel
          items={saved.data?.items ?? []}
          itemExtra={(item) => <ShareToggle kind="savedSearch" id={item.id} name={item.name} />}
          alertUsage={alertQuota && { used: alertQuota.used, limit: alertQuota.limit }}
          valueLabel={(key, value) => {
            if (key === 'status') return t(`app:projectStatus.${value}` as never);
            const sector = key === 'category' ? sectorById.get(value.toLowerCase()) : undefined;
            return sector ? sectorDisplayName(sector, i18n.language) : value;
          }}
        />
      ) : session.isPending ? null : (
        <section aria-labelledby="search-saved-locked" className="space-y-2" data-slot="saved-searches">
          <h2 id="search-saved-locked" className="sr-only">
            {t('membership:features.saved_searches')}
          </h2>
          <LockedFeature
            reason={lockReasonFor('saved_searches', level) ?? { kind: 'signIn' }}
            title={t('membership:features.saved_searches')}
          />
        </section>
      )}
      {session.data?.user && <TeamSharedSearches />}

      <SearchFilters
        locked={filterLock && <LockedFeature reason={filterLock} title={t('membership:features.custom_filters')} />}
        sectors={(sectors.data?.items ?? []).map((s) => ({
          id: s.id,
          name: s.name,
          label: sectorDisplayName(s, i18n.language),
        }))}
        query={query}
        facets={projects.data && !projects.error ? (projects.data.facets ?? facets.data?.facets) : undefined}
        onChange={update}
      />

      {!runnable ? (
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
          {(matchingSectors.length > 0 || matchingPlatforms.length > 0) && (
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
          )}
          <section aria-labelledby="search-projects" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="search-projects" className="text-lg font-semibold">
                {t('search:results.projects')}
              </h2>
              <div className="flex items-center gap-3">
                {projects.data && (
                  <span className="muted text-sm" aria-live="polite" data-slot="search-total">
                    {t('search:results.projectCount', { count: formatInteger(projects.data.total) })}
                  </span>
                )}
                <label className="flex items-center gap-1 text-sm">
                  {t('search:sort.label')}
                  <select
                    className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-gray-700 dark:bg-gray-900"
                    value={query.sort ?? projects.data?.sort ?? (q ? 'relevance' : 'heat')}
                    onChange={(event) => update({ sort: event.target.value })}
                  >
                    {SEARCH_SORTS.filter((sort) => sort !== 'relevance' || q).map((sort) => (
                      <option key={sort} value={sort}>
                        {t(`search:sort.${sort}`)}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
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
              <p className="muted text-sm">{t('search:empty.filtered')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
