import { type Language, translate } from '../../../shared/locales/index.ts';
import type { Mail } from '../../mail/mailer.ts';
import type { DeliveryPayload } from './evaluate.service.ts';

/** The target's page in the web app: /project/:id (singular) or /sectors/:id — what e-mails and webhooks link to. */
export function alertTargetUrl(appUrl: string, alert: { targetType: string; targetId: string }): string {
  const page = alert.targetType === 'project' ? 'project' : 'sectors';
  return `${appUrl}/${page}/${encodeURIComponent(alert.targetId)}`;
}

/** The e-mail of one firing, in the reader's language (texts: locales/<lang>/alerting.json). */
export function composeAlertMail(to: string, payload: DeliveryPayload, lang: Language, appUrl: string): Mail {
  const { alert } = payload;
  const target = payload.targetName;
  const params = {
    target,
    threshold: formatNumber(alert.threshold),
    value: formatValue(payload, lang),
    previous: payload.previousTrend ? translate(lang, `alerting.trend.${payload.previousTrend}`) : '—',
    link: alertTargetUrl(appUrl, alert),
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
