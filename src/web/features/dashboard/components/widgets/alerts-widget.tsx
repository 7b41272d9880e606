import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useAlertsWidget } from '../../api.ts';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

const SHOWN = 8;

/** My alerts: fired first, then watching, then paused; each with when it was last checked. */
export function AlertsWidget() {
  const { t } = useTranslation('dashboard');
  const alerts = useAlertsWidget();
  if (alerts.isPending) return <WidgetLoading />;
  if (alerts.isError) return <WidgetFailed error={alerts.error} />;
  const link = (
    <Link className="link text-sm" to="/alerts">
      {t('widgets.alerts.open')}
    </Link>
  );
  if (alerts.data.items.length === 0)
    return (
      <div className="space-y-2">
        <WidgetEmpty>{t('widgets.alerts.empty')}</WidgetEmpty>
        {link}
      </div>
    );
  const rank = (a: (typeof alerts.data.items)[number]) => (!a.isActive ? 2 : a.state === 'fired' ? 0 : 1);
  const sorted = [...alerts.data.items].sort((a, b) => rank(a) - rank(b));
  return (
    <div className="space-y-2">
      <ul className="space-y-1.5 text-sm">
        {sorted.slice(0, SHOWN).map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate">{alert.targetName}</span>
            <span className="flex items-center gap-2">
              <span className="muted text-xs">
                {alert.lastEvaluatedAt
                  ? t('widgets.alerts.checked', { time: formatDateTime(alert.lastEvaluatedAt) })
                  : t('widgets.alerts.neverChecked')}
              </span>
              {!alert.isActive ? (
                <Badge>{t('widgets.alerts.paused')}</Badge>
              ) : alert.state === 'fired' ? (
                <Badge tone="orange">{t('widgets.alerts.fired')}</Badge>
              ) : (
                <Badge tone="green">{t('widgets.alerts.armed')}</Badge>
              )}
            </span>
          </li>
        ))}
      </ul>
      {link}
    </div>
  );
}
