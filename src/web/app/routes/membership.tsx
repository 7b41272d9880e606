import { useSearchParams } from 'react-router';
import type { PlansResponse } from '../../../shared/api/payments-checkout.schema.ts';
import { LEVEL_POINT_THRESHOLDS, MEMBERSHIP_QUOTAS, TEAM_SEATS } from '../../../shared/membership/level.ts';
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
import { useCryptoOptions } from '../../features/crypto-payments/api.ts';
import { useUsage } from '../../features/membership/api.ts';
import { LevelStatus, UpdateMode } from '../../features/membership/components/level-status.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { MyQuotas } from '../../features/membership/components/my-quotas.tsx';
import { PlanCards, type PlanPrices } from '../../features/membership/components/plan-cards.tsx';
import { PointsDistance, PointsRoute } from '../../features/membership/components/points-route.tsx';
import { TestModeSwitcher } from '../../features/membership/components/test-mode.tsx';
import { QuotaTable, TierMatrix } from '../../features/membership/components/tier-matrix.tsx';
import { usePlans } from '../../features/payments/api.ts';
import { PurchaseForm } from '../../features/payments/components/purchase-form.tsx';
import { SupportTargets } from '../../features/support/components/support-targets.tsx';
import { env } from '../../lib/env.ts';
import { formatInteger } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
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
 * purchase by the methods this instance offers (Stripe Checkout's configured methods, the stablecoin page when
 * configured), the matrix and the quotas. With no method configured it says so and shows the points route instead:
 * nothing on the page links to a method that is not there.
 */
export function MembershipPage() {
  const { t } = useTranslation(['membership', 'payments']);
  const plans = usePlans();
  const crypto = useCryptoOptions();
  const prices = toPrices(plans.data);
  const stripeMethods = plans.data?.stripeMethods ?? [];
  const cryptoOn = crypto.data?.available === true;
  // Known only once both answers are in; until then no way to pay is named or hidden.
  const offerKnown = plans.isSuccess && (crypto.isSuccess || crypto.isError);
  const offered = [
    ...stripeMethods.map((method) => t(`payments:methods.${method}`)),
    ...(cryptoOn ? [t('payments:methods.crypto')] : []),
  ];
  const payable = offered.length > 0;
  const [search] = useSearchParams();
  const session = useSession();
  const usage = useUsage();
  const signedIn = Boolean(session.data);
  // The server decides (PUT /api/me/test-mode answers 403 to anyone else); this only hides a button that would fail.
  const canPreview = session.data?.user.role === 'admin' || env.DEV;
  return (
    <div className="space-y-10">
      <PageHeader title={t('title')} subtitle={offerKnown && !payable ? t('subtitleEarnOnly') : t('subtitle')} />
      {session.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : !signedIn ? (
        <div className="space-y-3">
          <LockedFeature reason={{ kind: 'signIn' }} title={t('status.visitor')} />
          <UpdateMode level="free" />
        </div>
      ) : usage.isError ? (
        <QueryError query={usage} />
      ) : usage.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <LevelStatus usage={usage.data} methods={offerKnown ? offered : []} />
          {canPreview && <TestModeSwitcher testLevel={usage.data.testLevel} />}
        </div>
      ) : (
        <Skeleton className="h-32 w-full" />
      )}
      {offerKnown && (
        <p role="status" className="card p-4 text-sm" data-slot="payment-offer" data-payable={payable}>
          {payable ? t('offer.methods', { methods: offered.join(' · ') }) : t('offer.none')}
        </p>
      )}
      {offerKnown && !payable && <PointsRoute points={signedIn ? (usage.data?.points ?? null) : null} />}
      {search.get('cancelled') && (
        <p role="status" className="card p-4 text-sm">
          {t('payments:purchase.cancelled')}
        </p>
      )}
      <PlanCards
        current={signedIn ? (usage.data?.level ?? null) : null}
        prices={prices}
        purchase={(level, billing) =>
          !offerKnown || !prices ? null : payable ? (
            <PurchaseForm
              plan={level}
              period={billing}
              price={prices[level][billing]}
              methods={stripeMethods}
              crypto={cryptoOn}
              renew={usage.data?.actualLevel === level}
            />
          ) : usage.data ? (
            <PointsDistance level={level} points={usage.data.points} />
          ) : null
        }
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <TierMatrix />
        <div className="min-w-0 space-y-10">
          {usage.data && <MyQuotas quotas={usage.data.quotas} zoneLabel={usage.data.zoneLabel} />}
          <QuotaTable />
          <section aria-labelledby="membership-search-rule" className="card p-5" data-slot="search-rule">
            <h2 id="membership-search-rule" className="text-lg font-semibold">
              {t('searchRule.title')}
            </h2>
            {/* The rule the server applies (docs/search.md "What counts"): name lookups free, full searches counted. */}
            <p className="muted mt-2 text-sm leading-6">{t('searchRule.free')}</p>
            <p className="muted mt-2 text-sm leading-6">
              {t('searchRule.counted', {
                free: formatInteger(MEMBERSHIP_QUOTAS.free.dailySearches),
                premium: formatInteger(MEMBERSHIP_QUOTAS.premium.dailySearches),
              })}
            </p>
          </section>
          <section aria-labelledby="membership-team-seats" className="card p-5" data-slot="team-seats">
            <h2 id="membership-team-seats" className="text-lg font-semibold">
              {t('teamSeats.title')}
            </h2>
            <p className="muted mt-2 text-sm leading-6">{t('teamSeats.text', { seats: TEAM_SEATS.vip })}</p>
          </section>
          <SupportTargets />
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
