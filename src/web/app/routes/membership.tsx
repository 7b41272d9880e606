import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PlansResponse } from '../../../shared/api/payments-checkout.schema.ts';
import { LEVEL_POINT_THRESHOLDS } from '../../../shared/membership/level.ts';
import {
  ADS_PER_DAY,
  DAILY_TASKS_PER_DAY,
  POINTS_PER_ACHIEVEMENT,
  POINTS_PER_AD,
  POINTS_PER_DAILY_TASK,
} from '../../../shared/membership/tasks.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api.ts';
import { useUsage } from '../../features/membership/api.ts';
import { LevelStatus } from '../../features/membership/components/level-status.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { MyQuotas } from '../../features/membership/components/my-quotas.tsx';
import { PlanCards, type PlanPrices } from '../../features/membership/components/plan-cards.tsx';
import { TestModeSwitcher } from '../../features/membership/components/test-mode.tsx';
import { QuotaTable, TierMatrix } from '../../features/membership/components/tier-matrix.tsx';
import { usePlans } from '../../features/payments/api.ts';
import { PurchaseForm } from '../../features/payments/components/purchase-form.tsx';
import { env } from '../../lib/env.ts';
import { formatInteger } from '../../lib/format.ts';
import { QueryError } from '../query-error.tsx';

function toPrices(plans: PlansResponse | undefined): PlanPrices | null {
  if (!plans) return null;
  const yuan = (plan: 'premium' | 'vip', period: 'monthly' | 'yearly') =>
    Number(plans.prices.find((p) => p.plan === plan && p.period === period)?.amount ?? Number.NaN);
  return {
    premium: { monthly: yuan('premium', 'monthly'), yearly: yuan('premium', 'yearly') },
    vip: { monthly: yuan('vip', 'monthly'), yearly: yuan('vip', 'yearly') },
  };
}

/**
 * /membership: the viewer's level and usage (live, from /api/me/usage), the plans with their configured prices and the
 * purchase (Stripe Checkout, or the stablecoin page), the matrix and the quotas.
 */
export function MembershipPage() {
  const { t } = useTranslation(['membership', 'payments']);
  const plans = usePlans();
  const prices = toPrices(plans.data);
  const [search] = useSearchParams();
  const session = useSession();
  const usage = useUsage();
  const signedIn = Boolean(session.data);
  // The server decides (PUT /api/me/test-mode answers 403 to anyone else); this only hides a button that would fail.
  const canPreview = session.data?.user.role === 'admin' || env.DEV;
  return (
    <div className="space-y-10">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {session.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : !signedIn ? (
        <LockedFeature reason={{ kind: 'signIn' }} title={t('status.visitor')} />
      ) : usage.isError ? (
        <QueryError query={usage} />
      ) : usage.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <LevelStatus usage={usage.data} />
          {canPreview && <TestModeSwitcher testLevel={usage.data.testLevel} />}
        </div>
      ) : (
        <Skeleton className="h-32 w-full" />
      )}
      {search.get('cancelled') && (
        <p role="status" className="card p-4 text-sm">
          {t('payments:purchase.cancelled')}
        </p>
      )}
      <PlanCards
        current={signedIn ? (usage.data?.level ?? null) : null}
        prices={prices}
        purchase={(level, billing) =>
          prices && plans.data ? (
            <PurchaseForm
              plan={level}
              period={billing}
              price={prices[level][billing]}
              methods={plans.data.stripeMethods}
              renew={usage.data?.actualLevel === level}
            />
          ) : null
        }
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <TierMatrix />
        <div className="min-w-0 space-y-10">
          {usage.data && <MyQuotas quotas={usage.data.quotas} zoneLabel={usage.data.zoneLabel} />}
          <QuotaTable />
          <section aria-labelledby="membership-points" className="card p-5">
            <h2 id="membership-points" className="text-lg font-semibold">
              {t('points.title')}
            </h2>
            <p className="muted mt-2 text-sm leading-6">
              {t('points.text', {
                ad: POINTS_PER_AD,
                adCap: ADS_PER_DAY,
                task: POINTS_PER_DAILY_TASK,
                taskCap: DAILY_TASKS_PER_DAY,
                achievement: POINTS_PER_ACHIEVEMENT,
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
