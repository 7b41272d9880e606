import { Link } from 'react-router';
import { ChangeText } from '../../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../../components/ui/heat-score.tsx';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useSectorsWidget } from '../../api.ts';
import { SourceLine } from '../widget-frame.tsx';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

const SHOWN = 8;

/** Sectors by heat (scored ones first), each with its 24 h change in heat points. */
export function SectorHeatWidget({ heatAsOf }: { heatAsOf: string | null }) {
  const { t, i18n } = useTranslation('dashboard');
  const sectors = useSectorsWidget();
  if (sectors.isPending) return <WidgetLoading />;
  if (sectors.isError) return <WidgetFailed error={sectors.error} />;
  const scored = sectors.data.items.filter((s) => s.heatScore !== null);
  if (scored.length === 0) return <WidgetEmpty>{t('widgets.sector_heat.empty')}</WidgetEmpty>;
  const sorted = [...scored].sort((a, b) => (b.heatScore ?? 0) - (a.heatScore ?? 0));
  return (
    <div className="space-y-2">
      <ul className="space-y-1.5 text-sm">
        {sorted.slice(0, SHOWN).map((sector) => (
          <li key={sector.id} className="flex items-center justify-between gap-2">
            <Link className="link min-w-0 truncate" to={`/sectors/${encodeURIComponent(sector.id)}`}>
              {i18n.language === 'zh' && sector.nameZh ? sector.nameZh : sector.name}
            </Link>
            <span className="flex items-center gap-2">
              <ChangeText value={sector.change24h} digits={1} suffix="" />
              <HeatScore value={sector.heatScore} label={t('widgets.watchlist.heat')} compact />
            </span>
          </li>
        ))}
      </ul>
      <SourceLine asOf={heatAsOf} source={t('source.heatrank')} />
      <Link className="link text-sm" to="/sectors">
        {t('widgets.sector_heat.open')}
      </Link>
    </div>
  );
}
