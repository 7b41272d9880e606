import { currentLanguage } from '../../lib/i18n.ts';

/** "¥680.00" for CNY (Intl), "9.50 USDT" for a token Intl does not know. */
export function formatPaymentAmount(amount: string, currency: string): string {
  const value = Number(amount);
  if (currency === 'CNY' && Number.isFinite(value)) {
    const locale = currentLanguage() === 'zh' ? 'zh-CN' : 'en-US';
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(value);
  }
  return `${amount} ${currency}`;
}
