import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSavedSearchChoices, useSectorChoices, useWatchlistChoices } from '../api.ts';
import type { SourceDraft } from '../source-params.ts';

type SourceFieldsProps = { draft: SourceDraft; onChange: (draft: SourceDraft) => void };

/** What the chosen source needs: the filters it carries, a list to pick from, or a project and a date range. */
export function SourceFields({ draft, onChange }: SourceFieldsProps) {
  const { t } = useTranslation('exports');
  const id = useId();
  const saved = useSavedSearchChoices(draft.kind === 'saved_search');
  const watchlists = useWatchlistChoices(draft.kind === 'watchlist');
  const sectors = useSectorChoices(draft.kind === 'sector');
  const set = (patch: Partial<SourceDraft>) => onChange({ ...draft, ...patch });

  if (draft.kind === 'directory' || draft.kind === 'search') {
    const entries = Object.entries(draft.params);
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('form.filters')}</span>
        {draft.kind === 'search' && (
          <input
            aria-label={t('filters.q')}
            className="input"
            value={draft.params.q ?? ''}
            placeholder={t('form.searchPlaceholder')}
            onChange={(e) => set({ params: { ...draft.params, q: e.target.value } })}
            required={entries.filter(([key]) => key !== 'q').length === 0}
          />
        )}
        <p data-testid="export-filters" className="text-gray-700 dark:text-gray-300">
          {entries.length === 0
            ? t('form.noFilters')
            : entries.map(([key, value]) => `${t(`filters.${key}`, { defaultValue: key })}: ${value}`).join(' · ')}
        </p>
      </div>
    );
  }
  if (draft.kind === 'project_history') {
    return (
      <div className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <label htmlFor={`${id}-p`} className="flex flex-col gap-1">
          <span className="font-medium">{t('form.project')}</span>
          <input
            id={`${id}-p`}
            className="input"
            value={draft.projectId}
            placeholder="bitcoin"
            onChange={(e) => set({ projectId: e.target.value })}
            required
          />
        </label>
        <label htmlFor={`${id}-f`} className="flex flex-col gap-1">
          <span className="font-medium">{t('filters.from')}</span>
          <input
            id={`${id}-f`}
            type="date"
            className="input"
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
            required
          />
        </label>
        <label htmlFor={`${id}-t`} className="flex flex-col gap-1">
          <span className="font-medium">{t('filters.to')}</span>
          <input
            id={`${id}-t`}
            type="date"
            className="input"
            value={draft.to}
            onChange={(e) => set({ to: e.target.value })}
            required
          />
        </label>
      </div>
    );
  }
  const choices =
    draft.kind === 'saved_search'
      ? (saved.data?.items ?? []).map((s) => ({ id: s.id, name: s.name }))
      : draft.kind === 'watchlist'
        ? (watchlists.data?.items ?? []).map((w) => ({ id: w.id, name: w.name }))
        : (sectors.data?.items ?? []).map((s) => ({ id: s.id, name: s.name }));
  return (
    <label htmlFor={`${id}-c`} className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{t(`sources.${draft.kind}`)}</span>
      <select id={`${id}-c`} className="input" value={draft.id} onChange={(e) => set({ id: e.target.value })} required>
        <option value="">{t('form.choose')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}
