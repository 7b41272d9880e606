import { Link } from 'react-router';
import type { Mover } from '../../../../../shared/api/analysis.schema.ts';
import { ChangeText } from '../../../../components/ui/change-text.tsx';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useMarketWidget } from '../../api.ts';
import { SourceLine } from '../widget-frame.tsx';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

const SHOWN = 5;
/** Days of heat history a window's movers need (as /analytics says). */
const DAYS_NEEDED = { day: 1, week: 7 } as const;

/** The projects whose heat rose and fell most over the chosen window, in heat points. */
export function TopMoversWidget({ window, heatAsOf }: { window: 'day' | 'week'; heatAsOf: string | null }) {
  const { t } = useTranslation('dashboard');
  const market = useMarketWidget();
  if (market.isPending) return <WidgetLoading />;
  if (market.isError) return <WidgetFailed error={market.error} />;
  const { movers, history } = market.data;
  const source = <SourceLine asOf={heatAsOf} source={t('source.heatrank')} />;
  if (history.days < DAYS_NEEDED[window])
    return (
      <div>
        <WidgetEmpty>
          {t(window === 'day' ? 'widgets.top_movers.emptyDay' : 'widgets.top_movers.emptyWeek', { days: history.days })}
        </WidgetEmpty>
        {source}
      </div>
    );
  const { up, down } = movers[window];
  if (up.length === 0 && down.length === 0)
    return (
      <div>
        <WidgetEmpty>{t('widgets.top_movers.none')}</WidgetEmpty>
        {source}
      </div>
    );
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2">
        <MoverList title={t('widgets.top_movers.up')} movers={up} />
        <MoverList title={t('widgets.top_movers.down')} movers={down} />
      </div>
      {source}
      <Link className="link text-sm" to="/analytics">
        {t('widgets.top_movers.open')}
      </Link>
    </div>
  );
}

function MoverList({ title, movers }: { title: string; movers: Mover[] }) {
  if (movers.length === 0) return null;
  return (
    <div>
      <h3 className="muted mb-1 text-xs font-medium">{title}</h3>
      <ul className="space-y-1 text-sm">
        {movers.slice(0, SHOWN).map((m) => (
          <li key={m.projectId} className="flex items-center justify-between gap-2">
            <Link className="link min-w-0 truncate" to={`/project/${encodeURIComponent(m.projectId)}`}>
              {m.name}
            </Link>
            <ChangeText value={m.change} digits={1} suffix="" />
          </li>
        ))}
      </ul>
    </div>
  );
}
