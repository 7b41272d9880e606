import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PlanCards } from '../../features/membership/components/plan-cards.tsx';
import { QuotaTable, TierMatrix } from '../../features/membership/components/tier-matrix.tsx';
import { LEVEL_POINT_THRESHOLDS, POINTS } from '../../features/membership/plans.ts';
import { formatInteger } from '../../lib/format.ts';

export function MembershipPage() {
  const { t } = useTranslation('membership');
  return (
    <div className="space-y-10">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <p
        role="note"
        className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100"
      >
        {t('readOnly')}
      </p>
      <PlanCards />
      <div className="grid gap-10 lg:grid-cols-2">
        <TierMatrix />
        <div className="min-w-0 space-y-10">
          <QuotaTable />
          <section aria-labelledby="membership-points" className="card p-5">
            <h2 id="membership-points" className="text-lg font-semibold">
              {t('points.title')}
            </h2>
            <p className="muted mt-2 text-sm leading-6">
              {t('points.text', {
                ad: POINTS.ad,
                adCap: POINTS.adDailyCap,
                task: POINTS.dailyTask,
                taskCap: POINTS.dailyTaskCap,
                achievement: POINTS.achievement,
                premium: formatInteger(LEVEL_POINT_THRESHOLDS.premium),
                vip: formatInteger(LEVEL_POINT_THRESHOLDS.vip),
              })}
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
