import { useEffect, useId, useState } from 'react';
import type { DashboardResponse, DashboardWidget } from '../../../../shared/api/dashboard.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDashboard, useSaveDashboard, useSavedSearchOptions, useWatchlistOptions } from '../api.ts';
import { moveWidget, removeWidget, setNoteText, toggleSize } from '../layout.ts';
import { AddWidgetForm } from './add-widget-form.tsx';
import { type FrameAction, WidgetFrame } from './widget-frame.tsx';
import { AlertsWidget } from './widgets/alerts-widget.tsx';
import { MarketBriefWidget } from './widgets/market-brief-widget.tsx';
import { NoteWidget } from './widgets/note-widget.tsx';
import { SavedSearchWidget } from './widgets/saved-search-widget.tsx';
import { SectorHeatWidget } from './widgets/sector-heat-widget.tsx';
import { TopMoversWidget } from './widgets/top-movers-widget.tsx';
import { WatchlistWidget } from './widgets/watchlist-widget.tsx';

type Change = { widgets: DashboardWidget[]; homeDashboard?: boolean; announce: string; focus?: FocusTarget };
type FocusTarget = { widgetId: string; action: FrameAction } | { selector: string };

/**
 * The editable dashboard of a user whose level includes it (the route shows the lock otherwise). Every change saves
 * the whole layout over the version it was read at; a save that lost to another device's answers 409, and the newest
 * layout is read again and said so. Moves keep keyboard focus on the button that was pressed.
 */
export function DashboardBoard({ layout }: { layout: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const save = useSaveDashboard();
  const reload = useDashboard();
  const names = useWidgetNames();
  const [message, setMessage] = useState('');
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const homeId = useId();
  const { widgets } = layout;

  // After the saved layout is drawn, focus goes back where the user was (a moved card's DOM node may be re-inserted).
  useEffect(() => {
    if (!focus) return;
    const selector =
      'selector' in focus ? focus.selector : `[data-widget-id="${focus.widgetId}"] [data-action="${focus.action}"]`;
    document.querySelector<HTMLElement>(selector)?.focus();
    setFocus(null);
  }, [focus]);

  const apply = (change: Change) => {
    if (save.isPending) return;
    setMessage(t('state.saving'));
    save.mutate(
      { version: layout.version, widgets: change.widgets, homeDashboard: change.homeDashboard ?? layout.homeDashboard },
      {
        onSuccess: () => {
          setMessage(change.announce);
          if (change.focus) setFocus(change.focus);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'DASHBOARD_CONFLICT') {
            setMessage(t('state.conflict'));
            void reload.refetch();
          } else setMessage(errorText(error));
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-2">
          <input
            id={homeId}
            type="checkbox"
            className="mt-1"
            checked={layout.homeDashboard}
            aria-describedby={`${homeId}-hint`}
            onChange={(event) =>
              apply({
                widgets,
                homeDashboard: event.target.checked,
                announce: t('state.saved'),
                focus: { selector: `#${CSS.escape(homeId)}` },
              })
            }
          />
          <div>
            <label htmlFor={homeId} className="text-sm font-medium">
              {t('home.label')}
            </label>
            <p id={`${homeId}-hint`} className="muted text-xs">
              {t('home.hint')}
            </p>
          </div>
        </div>
        <p className="muted text-xs">
          {layout.updatedAt ? t('state.updated', { time: formatDateTime(layout.updatedAt) }) : null}
        </p>
      </div>

      <p role="status" aria-live="polite" className="min-h-5 text-sm" data-dashboard-status>
        {message}
      </p>

      {widgets.length === 0 ? (
        <p className="card p-4 text-sm" data-dashboard-empty>
          {t('state.empty')}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-dashboard-grid>
          {widgets.map((widget, index) => {
            const name = names(widget);
            const count = widgets.length;
            return (
              <WidgetFrame
                key={widget.id}
                id={widget.id}
                name={name}
                size={widget.size}
                position={index + 1}
                count={count}
                busy={save.isPending}
                onMove={(delta) =>
                  apply({
                    widgets: moveWidget(widgets, index, delta),
                    announce: t('controls.moved', { name, position: index + 1 + delta, count }),
                    focus: { widgetId: widget.id, action: delta < 0 ? 'up' : 'down' },
                  })
                }
                onResize={() =>
                  apply({
                    widgets: toggleSize(widgets, widget.id),
                    announce: t('controls.resized', {
                      name,
                      size: t(widget.size === 'wide' ? 'controls.sizeSmall' : 'controls.sizeWide'),
                    }),
                    focus: { widgetId: widget.id, action: 'resize' },
                  })
                }
                onRemove={() =>
                  apply({
                    widgets: removeWidget(widgets, widget.id),
                    announce: t('controls.removed', { name }),
                    focus: { selector: '[data-dashboard-status]' },
                  })
                }
              >
                <WidgetBody
                  widget={widget}
                  heatAsOf={layout.heatAsOf}
                  busy={save.isPending}
                  onSaveNote={(text) =>
                    apply({ widgets: setNoteText(widgets, widget.id, text), announce: t('state.saved') })
                  }
                />
              </WidgetFrame>
            );
          })}
        </div>
      )}

      <AddWidgetForm
        count={widgets.length}
        busy={save.isPending}
        onAdd={(widget) => apply({ widgets: [...widgets, widget], announce: t('add.added', { name: names(widget) }) })}
      />
    </div>
  );
}

function WidgetBody({
  widget,
  heatAsOf,
  busy,
  onSaveNote,
}: {
  widget: DashboardWidget;
  /** The latest heat run: the as-of of the heat figures. */
  heatAsOf: string | null;
  busy: boolean;
  onSaveNote: (text: string) => void;
}) {
  switch (widget.kind) {
    case 'watchlist':
      return <WatchlistWidget watchlistId={widget.settings.watchlistId} heatAsOf={heatAsOf} />;
    case 'alerts':
      return <AlertsWidget />;
    case 'sector_heat':
      return <SectorHeatWidget heatAsOf={heatAsOf} />;
    case 'top_movers':
      return <TopMoversWidget window={widget.settings.window} heatAsOf={heatAsOf} />;
    case 'saved_search':
      return <SavedSearchWidget savedSearchId={widget.settings.savedSearchId} />;
    case 'market_brief':
      return <MarketBriefWidget />;
    case 'note':
      // Keyed by the saved text: a save (or a newer layout from another device) resets the draft to it.
      return <NoteWidget key={widget.settings.text} text={widget.settings.text} busy={busy} onSave={onSaveNote} />;
  }
}

/** "Watchlist · Core", "Top movers · Last 7 days", "Note": the name each card shows and its buttons read out. */
function useWidgetNames(): (widget: DashboardWidget) => string {
  const { t } = useTranslation('dashboard');
  const lists = useWatchlistOptions();
  const searches = useSavedSearchOptions();
  return (widget) => {
    const kind = t(`kinds.${widget.kind}`);
    const detail =
      widget.kind === 'watchlist'
        ? lists.data?.items.find((l) => l.id === widget.settings.watchlistId)?.name
        : widget.kind === 'saved_search'
          ? searches.data?.items.find((s) => s.id === widget.settings.savedSearchId)?.name
          : widget.kind === 'top_movers'
            ? t(widget.settings.window === 'day' ? 'add.windowDay' : 'add.windowWeek')
            : undefined;
    return detail ? `${kind} · ${detail}` : kind;
  };
}
