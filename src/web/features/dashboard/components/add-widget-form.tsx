import { useId, useState } from 'react';
import {
  DASHBOARD_MAX_WIDGETS,
  DASHBOARD_NOTE_MAX,
  type DashboardWidget,
  WIDGET_KINDS,
  type WidgetKind,
} from '../../../../shared/api/dashboard.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSavedSearchOptions, useWatchlistOptions } from '../api.ts';

type AddWidgetFormProps = { count: number; busy: boolean; onAdd: (widget: DashboardWidget) => void };

const newId = () => crypto.randomUUID();

/** Picks a kind (and, for a watchlist or a saved search, which one of mine) and appends the widget. */
export function AddWidgetForm({ count, busy, onAdd }: AddWidgetFormProps) {
  const { t } = useTranslation('dashboard');
  const [kind, setKind] = useState<WidgetKind>('watchlist');
  const [listId, setListId] = useState('');
  const [searchId, setSearchId] = useState('');
  const [window, setWindow] = useState<'day' | 'week'>('day');
  const ids = { kind: useId(), list: useId(), search: useId(), window: useId(), hint: useId() };
  const lists = useWatchlistOptions();
  const searches = useSavedSearchOptions();
  const full = count >= DASHBOARD_MAX_WIDGETS;

  const chosenList = listId || lists.data?.items[0]?.id || '';
  const chosenSearch = searchId || searches.data?.items[0]?.id || '';
  const missing =
    kind === 'watchlist' && lists.isSuccess && lists.data.items.length === 0
      ? t('add.noWatchlists')
      : kind === 'saved_search' && searches.isSuccess && searches.data.items.length === 0
        ? t('add.noSavedSearches')
        : null;
  const ready = (kind !== 'watchlist' || chosenList !== '') && (kind !== 'saved_search' || chosenSearch !== '');

  const build = (): DashboardWidget => {
    const id = newId();
    switch (kind) {
      case 'watchlist':
        return { id, kind, size: 'small', settings: { watchlistId: chosenList } };
      case 'saved_search':
        return { id, kind, size: 'small', settings: { savedSearchId: chosenSearch } };
      case 'top_movers':
        return { id, kind, size: 'small', settings: { window } };
      case 'note':
        return { id, kind, size: 'small', settings: { text: '' } };
      case 'market_brief':
        return { id, kind, size: 'wide', settings: {} };
      default:
        return { id, kind, size: 'small', settings: {} };
    }
  };

  return (
    <section aria-labelledby={`${ids.kind}-heading`} className="card space-y-3 p-4">
      <h2 id={`${ids.kind}-heading`} className="text-base font-semibold">
        {t('add.heading')}
      </h2>
      {full ? (
        <p className="text-sm">{t('add.full', { max: formatInteger(DASHBOARD_MAX_WIDGETS) })}</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) onAdd(build());
          }}
        >
          <div className="flex min-w-40 flex-col gap-1">
            <label htmlFor={ids.kind} className="text-xs font-medium">
              {t('add.kind')}
            </label>
            <select
              id={ids.kind}
              className="input"
              value={kind}
              aria-describedby={ids.hint}
              onChange={(event) => setKind(event.target.value as WidgetKind)}
            >
              {WIDGET_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          {kind === 'watchlist' && (lists.data?.items.length ?? 0) > 0 && (
            <div className="flex min-w-40 flex-col gap-1">
              <label htmlFor={ids.list} className="text-xs font-medium">
                {t('add.watchlist')}
              </label>
              <select id={ids.list} className="input" value={chosenList} onChange={(e) => setListId(e.target.value)}>
                {lists.data?.items.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'saved_search' && (searches.data?.items.length ?? 0) > 0 && (
            <div className="flex min-w-40 flex-col gap-1">
              <label htmlFor={ids.search} className="text-xs font-medium">
                {t('add.savedSearch')}
              </label>
              <select
                id={ids.search}
                className="input"
                value={chosenSearch}
                onChange={(e) => setSearchId(e.target.value)}
              >
                {searches.data?.items.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'top_movers' && (
            <div className="flex min-w-40 flex-col gap-1">
              <label htmlFor={ids.window} className="text-xs font-medium">
                {t('add.window')}
              </label>
              <select
                id={ids.window}
                className="input"
                value={window}
                onChange={(e) => setWindow(e.target.value === 'week' ? 'week' : 'day')}
              >
                <option value="day">{t('add.windowDay')}</option>
                <option value="week">{t('add.windowWeek')}</option>
              </select>
            </div>
          )}
          <button type="submit" className="btn-primary" disabled={busy || !ready || missing !== null}>
            {t('add.submit')}
          </button>
          <p id={ids.hint} className="muted w-full text-xs">
            {missing ?? t(`kindHints.${kind}`, { max: formatInteger(DASHBOARD_NOTE_MAX) })}
          </p>
        </form>
      )}
    </section>
  );
}
