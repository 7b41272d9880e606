import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type SearchFiltersProps = {
  /** The locked-feature panel when the viewer's level lacks custom filters (the server refuses them too). */
  locked: ReactNode | null;
  /** Sectors to filter by: id and display name. */
  options: readonly { id: string; label: string }[];
  category: string | undefined;
  onCategory: (value: string | undefined) => void;
};

/** The premium "custom filters" of a search: a sector filter, or the upgrade message for a lower level. */
export function SearchFilters({ locked, options, category, onCategory }: SearchFiltersProps) {
  const { t } = useTranslation('search');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-filters`} className="max-w-2xl space-y-2" data-slot="search-filters">
      <h2 id={`${id}-filters`} className="text-sm font-semibold">
        {t('filters.title')}
      </h2>
      {locked ?? (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-category`}>{t('filters.category')}</label>
          <select
            id={`${id}-category`}
            className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-gray-700 dark:bg-gray-900"
            value={category ?? ''}
            onChange={(event) => onCategory(event.target.value || undefined)}
          >
            <option value="">{t('filters.any')}</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
