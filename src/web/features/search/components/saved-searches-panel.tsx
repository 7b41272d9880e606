import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '../../../../shared/api/saved-searches.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '../api.ts';
import { searchHref } from '../search-url.ts';

type SavedSearchesPanelProps = {
  items: readonly SavedSearch[];
  /** The concurrent-alerts quota (alerts and search alerts together); undefined while it loads. */
  alertUsage: { used: number; limit: number } | undefined;
  /** A filter value in words (a sector id → its display name); the value itself when not given. */
  valueLabel?: (key: string, value: string) => string;
  /** What the page adds to each row (the team share switch, composed by the app). */
  itemExtra?: (item: SavedSearch) => ReactNode;
};

/** "Saved searches": run one (its URL), rename, delete, switch its alert on or off; the alert slots used. */
export function SavedSearchesPanel({ items, alertUsage, valueLabel, itemExtra }: SavedSearchesPanelProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  // The switch a click just set, shown in the same render as the click: the list's optimistic update lands a tick
  // later (after the mutation's onMutate), and a controlled checkbox would flick back meanwhile.
  const [switched, setSwitched] = useState<{ id: string; on: boolean } | null>(null);
  const error = update.error ?? remove.error;

  return (
    <section aria-labelledby={`${id}-saved`} className="card space-y-3 p-4" data-slot="saved-searches">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-saved`} className="font-semibold">
          {t('saved.title')}
        </h2>
        {alertUsage && (
          <span className="muted text-xs" data-slot="alert-usage">
            {alertUsage.limit < 0
              ? t('saved.alertsUnlimited', { used: formatInteger(alertUsage.used) })
              : t('saved.alerts', { used: formatInteger(alertUsage.used), limit: formatInteger(alertUsage.limit) })}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted text-sm">{t('saved.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {items.map((item) => (
            <li
              key={item.id}
              data-saved-search={item.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <div className="min-w-0 flex-1">
                {renaming === item.id ? (
                  <RenameForm
                    initial={item.name}
                    pending={update.isPending}
                    onCancel={() => setRenaming(null)}
                    onSubmit={(name) => update.mutate({ id: item.id, name }, { onSuccess: () => setRenaming(null) })}
                  />
                ) : (
                  <Link to={searchHref(item.query)} className="link font-medium break-words">
                    {item.name}
                  </Link>
                )}
                <p className="muted truncate text-xs" data-slot="saved-query">
                  {describeQuery(t, item.query, valueLabel)}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3 text-xs">
                <label className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={switched?.id === item.id ? switched.on : item.alertEnabled}
                    disabled={update.isPending}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setSwitched({ id: item.id, on });
                      update.mutate({ id: item.id, alertEnabled: on }, { onSettled: () => setSwitched(null) });
                    }}
                  />
                  {item.alertHeatThreshold === null
                    ? t('saved.alert')
                    : t('saved.alertThreshold', { value: item.alertHeatThreshold })}
                </label>
                {itemExtra?.(item)}
                <button type="button" className="link" onClick={() => setRenaming(item.id)}>
                  {t('saved.rename')}
                </button>
                <button
                  type="button"
                  className="link text-red-600 dark:text-red-400"
                  disabled={remove.isPending}
                  onClick={() => setDeleting(item)}
                >
                  {t('saved.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('saved.confirmDelete', { name: deleting.name })}
          confirmLabel={t('saved.delete')}
          cancelLabel={t('save.cancel')}
          danger
          onConfirm={() => {
            setDeleting(null);
            remove.mutate(deleting.id);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

/** A saved query in words: `"swap" · Sector: defi · Heat score ≥ 50`. */
function describeQuery(
  t: TFunction<'search'>,
  query: Record<string, string | number | boolean>,
  valueLabel: (key: string, value: string) => string = (_, value) => value,
): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'q') parts.unshift(`“${value}”`);
    else if (key === 'verified') parts.push(t(value === 'true' ? 'filters.verifiedOnly' : 'filters.unverifiedOnly'));
    else if (key === 'sort') parts.push(`${t('sort.label')}: ${t(`sort.${value}` as never)}`);
    else if (/(Min|Max)$/.test(key)) {
      const name = t(`filters.range.${key.replace(/(Min|Max)$/, '')}` as never);
      parts.push(`${name} ${key.endsWith('Min') ? '≥' : '≤'} ${value}`);
    } else parts.push(`${t(`filters.${key}` as never)}: ${valueLabel(key, String(value))}`);
  }
  return parts.join(' · ');
}

function RenameForm(props: {
  initial: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('search');
  const [name, setName] = useState(props.initial);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) props.onSubmit(name.trim());
  };
  return (
    <form onSubmit={handleSubmit} className="flex min-w-0 gap-2">
      <input
        aria-label={t('saved.newName')}
        className="input min-w-0 flex-1 py-1"
        value={name}
        maxLength={SAVED_SEARCH_NAME_MAX}
        // biome-ignore lint/a11y/noAutofocus: renaming starts from the user's click on "Rename"
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn-primary py-1 text-xs" disabled={props.pending}>
        {t('saved.renameSave')}
      </button>
      <button type="button" className="btn-secondary py-1 text-xs" onClick={props.onCancel}>
        {t('save.cancel')}
      </button>
    </form>
  );
}
