// Locale catalogue: one JSON file per namespace and language. Adding a namespace = a file in en/ and zh/ and two
// lines here. en is the source of truth for keys; locales.test.ts enforces identical key sets and no empty values.
import enAccount from './en/account.json' with { type: 'json' };
import enAdmin from './en/admin.json' with { type: 'json' };
import enAlerting from './en/alerting.json' with { type: 'json' };
import enAlerts from './en/alerts.json' with { type: 'json' };
import enAnalysis from './en/analysis.json' with { type: 'json' };
import enApi from './en/api.json' with { type: 'json' };
import enApp from './en/app.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enCompare from './en/compare.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enDatabase from './en/database.json' with { type: 'json' };
import enDirectory from './en/directory.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enExports from './en/exports.json' with { type: 'json' };
import enHeat from './en/heat.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enIngestion from './en/ingestion.json' with { type: 'json' };
import enMembership from './en/membership.json' with { type: 'json' };
import enMethodology from './en/methodology.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enPages from './en/pages.json' with { type: 'json' };
import enPayments from './en/payments.json' with { type: 'json' };
import enPlatforms from './en/platforms.json' with { type: 'json' };
import enPoints from './en/points.json' with { type: 'json' };
import enProject from './en/project.json' with { type: 'json' };
import enProvenance from './en/provenance.json' with { type: 'json' };
import enSearch from './en/search.json' with { type: 'json' };
import enSectors from './en/sectors.json' with { type: 'json' };
import enSharing from './en/sharing.json' with { type: 'json' };
import enSupport from './en/support.json' with { type: 'json' };
import enTasks from './en/tasks.json' with { type: 'json' };
import enTeams from './en/teams.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import enWatchlists from './en/watchlists.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import zhAccount from './zh/account.json' with { type: 'json' };
import zhAdmin from './zh/admin.json' with { type: 'json' };
import zhAlerting from './zh/alerting.json' with { type: 'json' };
import zhAlerts from './zh/alerts.json' with { type: 'json' };
import zhAnalysis from './zh/analysis.json' with { type: 'json' };
import zhApi from './zh/api.json' with { type: 'json' };
import zhApp from './zh/app.json' with { type: 'json' };
import zhAuth from './zh/auth.json' with { type: 'json' };
import zhCommon from './zh/common.json' with { type: 'json' };
import zhCompare from './zh/compare.json' with { type: 'json' };
import zhDashboard from './zh/dashboard.json' with { type: 'json' };
import zhDatabase from './zh/database.json' with { type: 'json' };
import zhDirectory from './zh/directory.json' with { type: 'json' };
import zhErrors from './zh/errors.json' with { type: 'json' };
import zhExports from './zh/exports.json' with { type: 'json' };
import zhHeat from './zh/heat.json' with { type: 'json' };
import zhHome from './zh/home.json' with { type: 'json' };
import zhIngestion from './zh/ingestion.json' with { type: 'json' };
import zhMembership from './zh/membership.json' with { type: 'json' };
import zhMethodology from './zh/methodology.json' with { type: 'json' };
import zhNotifications from './zh/notifications.json' with { type: 'json' };
import zhPages from './zh/pages.json' with { type: 'json' };
import zhPayments from './zh/payments.json' with { type: 'json' };
import zhPlatforms from './zh/platforms.json' with { type: 'json' };
import zhPoints from './zh/points.json' with { type: 'json' };
import zhProject from './zh/project.json' with { type: 'json' };
import zhProvenance from './zh/provenance.json' with { type: 'json' };
import zhSearch from './zh/search.json' with { type: 'json' };
import zhSectors from './zh/sectors.json' with { type: 'json' };
import zhSharing from './zh/sharing.json' with { type: 'json' };
import zhSupport from './zh/support.json' with { type: 'json' };
import zhTasks from './zh/tasks.json' with { type: 'json' };
import zhTeams from './zh/teams.json' with { type: 'json' };
import zhValidation from './zh/validation.json' with { type: 'json' };
import zhWatchlists from './zh/watchlists.json' with { type: 'json' };

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export const en = {
  account: enAccount,
  admin: enAdmin,
  analysis: enAnalysis,
  alerts: enAlerts,
  alerting: enAlerting,
  api: enApi,
  app: enApp,
  auth: enAuth,
  common: enCommon,
  compare: enCompare,
  dashboard: enDashboard,
  database: enDatabase,
  directory: enDirectory,
  errors: enErrors,
  exports: enExports,
  heat: enHeat,
  home: enHome,
  ingestion: enIngestion,
  membership: enMembership,
  methodology: enMethodology,
  notifications: enNotifications,
  pages: enPages,
  payments: enPayments,
  platforms: enPlatforms,
  points: enPoints,
  project: enProject,
  provenance: enProvenance,
  search: enSearch,
  sectors: enSectors,
  sharing: enSharing,
  support: enSupport,
  tasks: enTasks,
  teams: enTeams,
  validation: enValidation,
  watchlists: enWatchlists,
};

export const zh: typeof en = {
  account: zhAccount,
  admin: zhAdmin,
  analysis: zhAnalysis,
  alerts: zhAlerts,
  alerting: zhAlerting,
  api: zhApi,
  app: zhApp,
  auth: zhAuth,
  common: zhCommon,
  compare: zhCompare,
  dashboard: zhDashboard,
  database: zhDatabase,
  directory: zhDirectory,
  errors: zhErrors,
  exports: zhExports,
  heat: zhHeat,
  home: zhHome,
  ingestion: zhIngestion,
  membership: zhMembership,
  methodology: zhMethodology,
  notifications: zhNotifications,
  pages: zhPages,
  payments: zhPayments,
  platforms: zhPlatforms,
  points: zhPoints,
  project: zhProject,
  provenance: zhProvenance,
  search: zhSearch,
  sectors: zhSectors,
  sharing: zhSharing,
  support: zhSupport,
  tasks: zhTasks,
  teams: zhTeams,
  validation: zhValidation,
  watchlists: zhWatchlists,
};

export const RESOURCES: Record<Language, typeof en> = { en, zh };

/** Picks zh or en from a `?lang=` value or an Accept-Language header; zh when neither names a supported language. */
export function pickLanguage(
  explicit: string | undefined,
  acceptLanguage: string | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  if (explicit === 'en' || explicit === 'zh') return explicit;
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return fallback;
}

/** Looks up a dotted key ("errors.NOT_FOUND") and interpolates {{name}} params; returns the key when missing. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = RESOURCES[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
