import { type FormEvent, useId, useState } from 'react';
import { type CryptoPayment, TX_HASH_PATTERN } from '../../../../shared/api/crypto-payments.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSubmitCryptoHash } from '../api.ts';
import { injectedWallet, payWithWallet } from '../wallet.ts';
import { PaymentFailed } from './payment-failed.tsx';

/**
 * The transaction hash field and its submit, and "Pay with wallet" (EIP-1193): the wallet sends the transfer, and its
 * hash is filled in and submitted. A refusal shows the spec's "Payment Failed" with the server's reason.
 */
export function CryptoHashForm({ payment }: { payment: CryptoPayment }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const id = useId();
  const [hash, setHash] = useState(payment.txHash ?? '');
  const [invalid, setInvalid] = useState(false);
  const [walletState, setWalletState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const submit = useSubmitCryptoHash(payment.paymentId);
  const wallet = injectedWallet();

  function send(value: string) {
    const trimmed = value.trim();
    setInvalid(!TX_HASH_PATTERN.test(trimmed));
    if (TX_HASH_PATTERN.test(trimmed)) submit.mutate(trimmed);
  }
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    send(hash);
  }
  async function handleWallet() {
    if (!wallet) return;
    setWalletState({ busy: true, error: null });
    try {
      const txHash = await payWithWallet(wallet, payment);
      setHash(txHash);
      setWalletState({ busy: false, error: null });
      send(txHash);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setWalletState({ busy: false, error: t('crypto.walletRejected', { reason }) });
    }
  }

  return (
    <section className="card space-y-4 p-6" aria-label={t('crypto.hash')}>
      <div className="space-y-1">
        <button
          type="button"
          className="btn-primary"
          disabled={!wallet || walletState.busy || submit.isPending}
          onClick={handleWallet}
        >
          {walletState.busy ? t('crypto.walletBusy') : t('crypto.wallet')}
        </button>
        {!wallet && <p className="muted text-xs">{t('crypto.walletNone')}</p>}
        {walletState.error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {walletState.error}
          </p>
        )}
      </div>
      <form className="space-y-2" onSubmit={handleSubmit} noValidate>
        <label htmlFor={id} className="text-sm font-medium">
          {t('crypto.hash')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={id}
            value={hash}
            onChange={(e) => setHash(e.target.value)}
            placeholder={t('crypto.hashPlaceholder')}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={invalid}
            className="input min-w-0 flex-1 font-mono text-xs"
          />
          <button type="submit" className="btn-secondary shrink-0" disabled={submit.isPending}>
            {submit.isPending ? t('crypto.submitting') : t('crypto.submit')}
          </button>
        </div>
        {invalid && <p className="text-sm text-red-600 dark:text-red-400">{t('crypto.hashInvalid')}</p>}
      </form>
      {submit.isError && <PaymentFailed reason={errorText(submit.error)} />}
    </section>
  );
}
