import { type Language, translate } from '../../../shared/locales/index.ts';
import type { Mail } from '../auth/mailer.ts';
import type { DeliveryPayload } from './evaluate.service.ts';

/** The e-mail of one firing, in the reader's language (texts: locales/<lang>/alerting.json). */
export function composeAlertMail(to: string, payload: DeliveryPayload, lang: Language, appUrl: string): Mail {
  const { alert } = payload;
  const target = payload.targetName;
  const path = `/${alert.targetType === 'project' ? 'projects' : 'sectors'}/${encodeURIComponent(alert.targetId)}`;
  const params = {
    target,
    threshold: formatNumber(alert.threshold),
    value: formatValue(payload, lang),
    previous: payload.previousTrend ? translate(lang, `alerting.trend.${payload.previousTrend}`) : '—',
    link: `${appUrl}${path}`,
    alertsLink: `${appUrl}/alerts`,
    firedAt: payload.firedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''),
  };
  return {
    to,
    subject: translate(lang, 'alerting.mail.subject', params),
    text: `${translate(lang, `alerting.mail.${alert.kind}`, params)}\n\n${translate(lang, 'alerting.mail.footer', params)}`,
  };
}

function formatValue(payload: DeliveryPayload, lang: Language): string {
  const { value } = payload;
  if (typeof value === 'string') return translate(lang, `alerting.trend.${value}`);
  if (value === null) return '—';
  if (payload.alert.kind === 'heat_change_24h') return `${value > 0 ? '+' : ''}${formatNumber(value)}`;
  return formatNumber(value);
}

function formatNumber(value: number | null): string {
  if (value === null) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
