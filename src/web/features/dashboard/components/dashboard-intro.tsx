import { DASHBOARD_NOTE_MAX, WIDGET_KINDS } from '../../../../shared/api/dashboard.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * What the dashboard is, in words, for whoever cannot use it yet (a visitor, a free member): the widget kinds and
 * what each shows. No preview figures: a made-up dashboard would be invented numbers.
 */
export function DashboardIntro() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dashboard-intro" className="card space-y-3 p-4" data-dashboard-intro>
      <h2 id="dashboard-intro" className="text-base font-semibold">
        {t('intro.heading')}
      </h2>
      <p className="text-sm">{t('intro.body')}</p>
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {WIDGET_KINDS.map((kind) => (
          <li key={kind}>
            <span className="font-medium">{t(`kinds.${kind}`)}</span>
            <span className="muted"> — {t(`kindHints.${kind}`, { max: formatInteger(DASHBOARD_NOTE_MAX) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
