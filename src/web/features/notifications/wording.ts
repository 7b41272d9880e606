import type { TFunction } from 'i18next';
import type { Notification } from '../../../shared/api/notifications.schema.ts';
import { EMPTY, formatDate, formatInteger } from '../../lib/format.ts';

// Each kind is stored as its parameters (src/shared/api/notifications.schema.ts) and worded here in the reader's
// language. Parameters are read defensively: a source that left one out gives "—", never a crash.

type Params = Record<string, unknown>;
type T = TFunction<'notifications'>;

const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const num = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);
/** Heat and thresholds as written: at most one decimal, none when whole ("81.2", "80"). */
const score = (value: unknown) => {
  const n = num(value);
  return Number.isFinite(n) ? new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(n) : EMPTY;
};
const signed = (value: unknown) => (num(value) > 0 ? `+${score(value)}` : score(value));
const LEVELS = ['free', 'premium', 'vip'] as const;
const isLevel = (v: unknown): v is (typeof LEVELS)[number] => LEVELS.includes(v as never);

function alertText(t: T, p: Params): string {
  const name = str(p.targetName) || str(p.targetId);
  switch (p.kind) {
    case 'heat_above':
    case 'heat_below':
      return t(`text.alert.${p.kind}`, { name, value: score(p.value), threshold: score(p.threshold) });
    case 'rank_top':
      return t('text.alert.rank_top', {
        name,
        value: formatInteger(num(p.value)),
        threshold: formatInteger(num(p.threshold)),
      });
    case 'heat_change_24h':
      return t('text.alert.heat_change_24h', { name, value: signed(p.value), threshold: score(p.threshold) });
    case 'trend_change': {
      const trend = str(p.value);
      const label = trend === 'up' || trend === 'down' || trend === 'stable' ? t(`text.trend.${trend}`) : trend;
      return t('text.alert.trend_change', { name, trend: label });
    }
    default:
      return t('text.alert.other', { name });
  }
}

const SHOWN_PROJECTS = 3;

function searchText(t: T, p: Params, separator: string): string {
  const projects = Array.isArray(p.projects) ? p.projects : [];
  const names = projects.map((x) => str((x as { name?: unknown })?.name)).filter(Boolean);
  const list = names.slice(0, SHOWN_PROJECTS).join(separator);
  // The server lists at most five projects and sends the count of all of them: "and N more" counts the rest.
  const total = Math.max(names.length, Number.isFinite(num(p.count)) ? num(p.count) : 0);
  const shown =
    total > Math.min(names.length, SHOWN_PROJECTS)
      ? t('text.search.more', { list, count: total - Math.min(names.length, SHOWN_PROJECTS) })
      : list;
  const key = p.reason === 'heat_threshold' ? 'text.search.heat_threshold' : 'text.search.new_results';
  return t(key, { name: str(p.name), projects: shown, threshold: score(p.threshold) });
}

function reasonLabel(t: T, reason: string): string {
  const label = t(`reasons.${reason}` as 'reasons.task.daily');
  return label.startsWith('reasons.') ? reason : label;
}

/** One notification in words, e.g. "Uniswap 热度升至 81.2，超过 80". */
export function describeNotification(t: T, language: string, n: Notification): string {
  const p = n.params;
  switch (n.kind) {
    case 'alert_fired':
      return alertText(t, p);
    case 'search_alert':
      return searchText(t, p, language.startsWith('zh') ? '、' : ', ');
    case 'points_credited':
      return t('text.points', {
        amount: formatInteger(num(p.amount)),
        reason: reasonLabel(t, str(p.reason)),
        balance: formatInteger(num(p.balance)),
      });
    case 'level_changed': {
      const from = LEVELS.indexOf(isLevel(p.from) ? p.from : 'free');
      const to = isLevel(p.to) ? p.to : 'free';
      return t(LEVELS.indexOf(to) >= from ? 'text.levelUp' : 'text.levelDown', { to: t(`levels.${to}`) });
    }
    case 'membership_expiring':
      return t('text.expiring', {
        level: isLevel(p.level) ? t(`levels.${p.level}`) : str(p.level),
        date: formatDate(str(p.expiresAt)),
      });
    case 'export_ready':
      return t('text.exportReady');
    case 'export_failed':
      if (p.error === 'EXPORT_LIMIT_REACHED') return t('text.exportFailed.limit');
      if (p.error === 'FEATURE_LOCKED') return t('text.exportFailed.locked');
      return t('text.exportFailed.other');
    case 'correction_accepted':
      return t('text.correctionAccepted', {
        name: str(p.projectName) || str(p.projectId),
        points: formatInteger(num(p.points)),
      });
    case 'correction_rejected':
      return t('text.correctionRejected', { name: str(p.projectName) || str(p.projectId), reason: str(p.reason) });
    case 'team_member_joined':
      return t('text.teamJoined', { name: str(p.memberName) || EMPTY, team: str(p.teamName) });
    case 'support_replied':
      return t('text.supportReplied', { subject: str(p.subject) });
    case 'model_promoted':
      return t('text.modelPromoted', {
        model: str(p.model) || EMPTY,
        previous: str(p.previous) || EMPTY,
        count: Array.isArray(p.changes) ? p.changes.length : 0,
      });
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 分钟前" / "3 minutes ago"; under a minute "刚刚" / "now". */
export function formatRelativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
