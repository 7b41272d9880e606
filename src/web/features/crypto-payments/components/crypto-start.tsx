import { useState } from 'react';
import type { CryptoOptionsResponse, CryptoToken } from '../../../../shared/api/crypto-payments.schema.ts';
import type { BillingPeriod, PaidPlan } from '../../../../shared/api/payments.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateCryptoPayment } from '../api.ts';

type Props = {
  options: CryptoOptionsResponse;
  plan: PaidPlan;
  period: BillingPeriod;
  onStarted: (paymentId: string) => void;
};

/** The plan, its price and the token choice; "Get payment details" creates the payment. */
export function CryptoStart({ options, plan, period, onStarted }: Props) {
  const { t } = useTranslation(['payments', 'membership']);
  const errorText = useErrorText();
  const [token, setToken] = useState<CryptoToken>(options.tokens[0]?.token ?? 'USDT');
  const create = useCreateCryptoPayment();
  const price = options.prices.find((p) => p.plan === plan && p.period === period)?.amount ?? '—';
  return (
    <section className="card space-y-4 p-6" aria-label={t('crypto.title')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="muted">{t('crypto.plan')}</dt>
        <dd data-testid="crypto-plan">{t(`membership:levels.${plan}`)}</dd>
        <dt className="muted">{t('crypto.period')}</dt>
        <dd>{t(`crypto.periods.${period}`)}</dd>
        <dt className="muted">{t('crypto.price')}</dt>
        <dd className="font-semibold">{`${price} USD`}</dd>
      </dl>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('crypto.chooseToken')}</legend>
        <div className="flex gap-4">
          {options.tokens.map((option) => (
            <label key={option.token} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="crypto-token"
                value={option.token}
                checked={token === option.token}
                onChange={() => setToken(option.token)}
              />
              {option.token}
            </label>
          ))}
        </div>
      </fieldset>
      {create.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(create.error)}
        </p>
      )}
      <button
        type="button"
        className="btn-primary"
        disabled={create.isPending}
        onClick={() => create.mutate({ plan, period, token }, { onSuccess: (p) => onStarted(p.paymentId) })}
      >
        {create.isPending ? t('crypto.starting') : t('crypto.start')}
      </button>
    </section>
  );
}
