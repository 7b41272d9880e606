import { useTranslation } from './use-translation.ts';

/**
 * A payment's failure reason in the reader's language: our own reasons are error codes (PAYMENT_SESSION_EXPIRED,
 * CRYPTO_WRONG_AMOUNT…) with texts in errors.json; a payment provider's own message is shown as it came.
 */
export function useFailureReason(): (reason: string) => string {
  const { t, i18n } = useTranslation('errors');
  return (reason) => (/^[A-Z][A-Z0-9_]+$/.test(reason) && i18n.exists(`errors:${reason}`) ? t(reason) : reason);
}
