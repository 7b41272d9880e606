import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { BillingPeriod, PaidPlan } from '../../../../shared/api/payments.schema.ts';
import type { StripeMethod } from '../../../../shared/api/payments-checkout.schema.ts';
import { formatCny } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCheckout } from '../api.ts';

type PurchaseFormProps = {
  plan: PaidPlan;
  period: BillingPeriod;
  /** Yuan, from GET /api/payments/plans. */
  price: number;
  /** The Stripe methods this instance offers (may be none). */
  methods: readonly StripeMethod[];
  /** Whether the stablecoin route is configured here: its page is linked only then. */
  crypto: boolean;
  /** The viewer already holds this plan: the button extends it. */
  renew: boolean;
};

/**
 * Buying one plan for the chosen period: a Stripe method (card, Alipay, WeChat Pay — those configured) and the button
 * that opens Stripe Checkout, and the stablecoin route (its own page) when configured. A method that is not configured
 * is never named nor linked; the page shows the points route instead of this form when none is.
 */
export function PurchaseForm({ plan, period, price, methods, crypto, renew }: PurchaseFormProps) {
  const { t } = useTranslation('payments');
  const id = useId();
  const [chosen, setChosen] = useState<StripeMethod | null>(null);
  const checkout = useCheckout();
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? null);
  const label = formatCny(price);
  return (
    <div className="mt-6 space-y-3" data-testid={`purchase-${plan}`}>
      {method && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            checkout.mutate({ plan, period, method });
          }}
          className="space-y-3"
        >
          {methods.length > 1 && (
            <fieldset>
              <legend className="text-sm font-medium">{t('purchase.method')}</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {methods.map((option) => (
                  <label key={option} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      type="radio"
                      name={`${id}-method`}
                      value={option}
                      checked={method === option}
                      onChange={() => setChosen(option)}
                    />
                    {t(`purchase.methods.${option}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <button type="submit" className="btn-primary w-full" disabled={checkout.isPending || checkout.isSuccess}>
            {checkout.isPending || checkout.isSuccess
              ? t('purchase.redirecting')
              : renew
                ? t('purchase.renew', { price: label })
                : t('purchase.pay', { price: label })}
          </button>
          {checkout.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {checkout.error.message}
            </p>
          )}
        </form>
      )}
      {crypto && (
        <Link
          to={`/membership/crypto?plan=${plan}&period=${period}`}
          className={
            method
              ? 'block text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400'
              : 'btn-primary w-full'
          }
        >
          {t('purchase.crypto')}
        </Link>
      )}
    </div>
  );
}
