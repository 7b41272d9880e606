import type { CryptoPayment } from '../../../../shared/api/crypto-payments.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CopyField } from './copy-field.tsx';

/** The chain's display name: a known one, else "Chain <id>". */
export function useChainName(): (chainId: number) => string {
  const { t, i18n } = useTranslation('payments');
  return (chainId) =>
    i18n.exists(`payments:crypto.chains.${chainId}`)
      ? t(`crypto.chains.${chainId}` as 'crypto.chains.1')
      : t('crypto.chainName', { id: chainId });
}

/** Where to send what: network, token contract, the receiving address and the exact amount, with copy buttons. */
export function CryptoInstructions({ payment }: { payment: CryptoPayment }) {
  const { t } = useTranslation('payments');
  const chainName = useChainName();
  const network = chainName(payment.chainId);
  return (
    <section className="card space-y-4 p-6" aria-label={t('crypto.sendTo')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="muted">{t('crypto.network')}</dt>
        <dd data-testid="crypto-network">{`${network} (chain id ${payment.chainId})`}</dd>
        <dt className="muted">{t('crypto.token')}</dt>
        <dd>{payment.token}</dd>
        <dt className="muted">{t('crypto.tokenContract')}</dt>
        <dd className="break-all font-mono text-xs">{payment.tokenAddress}</dd>
      </dl>
      <CopyField label={t('crypto.sendTo')} value={payment.toAddress} testId="crypto-address" />
      <CopyField label={`${t('crypto.amount')} (${payment.token})`} value={payment.amount} testId="crypto-amount" />
      <p className="muted text-sm">
        {t('crypto.instructions', { amount: payment.amount, token: payment.token, network })}
      </p>
    </section>
  );
}
