import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  LEVEL_POINT_THRESHOLDS,
  MEMBERSHIP_LEVELS,
  type MembershipLevel,
} from '../../../../shared/membership/level.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatCny, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Billing = 'monthly' | 'yearly';
type PaidLevel = Exclude<MembershipLevel, 'free'>;

/** Yuan per paid plan and period (GET /api/payments/plans: the server's configuration). */
export type PlanPrices = Record<PaidLevel, Record<Billing, number>>;

type PlanCardsProps = {
  /** The viewer's level (test mode's preview when on); null for a visitor. */
  current: MembershipLevel | null;
  /** null while loading. */
  prices: PlanPrices | null;
  /** A signed-in viewer's way to buy a paid plan for the chosen period (the page composes the payments feature). */
  purchase?: (level: PaidLevel, billing: Billing) => ReactNode;
};

/**
 * The three plans with prices for the chosen billing period. A signed-in member buys a paid plan (`purchase`) or
 * reaches it with points from the task centre; a visitor is asked to sign in first.
 */
export function PlanCards({ current, prices, purchase }: PlanCardsProps) {
  const { t } = useTranslation('membership');
  const [billing, setBilling] = useState<Billing>('monthly');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-plans`}>
      <h2 id={`${id}-plans`} className="sr-only">
        {t('title')}
      </h2>
      <fieldset className="mb-4 inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700">
        <legend className="sr-only">{t('plan.billing')}</legend>
        {(['monthly', 'yearly'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={billing === option}
            onClick={() => setBilling(option)}
            className={`rounded-md px-3 py-1 text-sm font-medium ${billing === option ? 'bg-brand-700 text-white' : 'text-gray-700 dark:text-gray-300'}`}
          >
            {option === 'monthly' ? t('plan.billingMonthly') : t('plan.billingYearly')}
          </button>
        ))}
      </fieldset>
      <ul className="grid gap-4 md:grid-cols-3">
        {MEMBERSHIP_LEVELS.map((level) => {
          const price = level === 'free' ? 0 : (prices?.[level][billing] ?? null);
          const featured = level === 'premium';
          return (
            <li
              key={level}
              className={`card flex flex-col p-6 ${featured ? 'border-brand-500 ring-1 ring-brand-500 dark:border-brand-500' : ''}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-lg font-semibold">{t(`levels.${level}`)}</h3>
                {featured && <Badge tone="orange">{t('plan.popular')}</Badge>}
              </div>
              <p className="mt-3 text-3xl font-bold tabular-nums">
                {price === 0 ? t('plan.freePrice') : t(`plan.${billing}`, { price: formatCny(price) })}
              </p>
              {billing === 'yearly' && price !== 0 && (
                <p className="mt-1 text-xs text-green-700 dark:text-green-400">{t('plan.yearlySaving')}</p>
              )}
              {LEVEL_POINT_THRESHOLDS[level] > 0 && (
                <p className="muted mt-1 text-xs">
                  {t('plan.points', { points: formatInteger(LEVEL_POINT_THRESHOLDS[level]) })}
                </p>
              )}
              <p className="muted mt-4 flex-1 text-sm leading-6">{t(`plan.${level}`)}</p>
              {purchase && current !== null && level !== 'free' ? (
                <>
                  {current === level && <p className="mt-6 text-center text-sm font-semibold">{t('plan.yours')}</p>}
                  {purchase(level, billing)}
                </>
              ) : (
                <PlanAction level={level} current={current} featured={featured} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PlanAction({
  level,
  current,
  featured,
}: {
  level: MembershipLevel;
  current: MembershipLevel | null;
  featured: boolean;
}) {
  const { t } = useTranslation('membership');
  if (current === level) return <p className="mt-6 text-center text-sm font-semibold">{t('plan.yours')}</p>;
  const below = current !== null && MEMBERSHIP_LEVELS.indexOf(level) < MEMBERSHIP_LEVELS.indexOf(current);
  if (below) return <p className="mt-6 text-center text-sm font-medium">{t('plan.included')}</p>;
  if (level === 'free') return <p className="mt-6 text-center text-sm font-medium">{t('plan.current')}</p>;
  return (
    <Link to={current ? '/tasks' : '/auth'} className={`${featured ? 'btn-primary' : 'btn-secondary'} mt-6`}>
      {current ? t('plan.earn') : t('plan.upgrade')}
    </Link>
  );
}
