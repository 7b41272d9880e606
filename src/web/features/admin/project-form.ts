import type { AdminProjectWrite, ExportProject } from '../../../shared/api/catalogue.schema.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The project form: every field of the export shape (shared/api/catalogue.schema.ts) as one text value, keyed by its
 * path in that shape ("team.en"), which is also the path a server validation error names. Lists are comma-separated.
 */
export const PROJECT_FIELDS = [
  { key: 'id', kind: 'text', group: 'basics' },
  { key: 'name', kind: 'text', group: 'basics' },
  { key: 'symbol', kind: 'text', group: 'basics' },
  { key: 'category', kind: 'sector', group: 'basics' },
  { key: 'chains', kind: 'list', group: 'basics' },
  { key: 'newChains', kind: 'list', group: 'basics' },
  { key: 'tags', kind: 'list', group: 'basics' },
  { key: 'sourcePlatform', kind: 'text', group: 'basics' },
  { key: 'listedAt', kind: 'date', group: 'basics' },
  { key: 'coingeckoId', kind: 'text', group: 'basics' },
  { key: 'website', kind: 'text', group: 'links' },
  { key: 'twitter', kind: 'text', group: 'links' },
  { key: 'telegram', kind: 'text', group: 'links' },
  { key: 'discord', kind: 'text', group: 'links' },
  { key: 'github', kind: 'list', group: 'links' },
  { key: 'whitepaper', kind: 'text', group: 'links' },
  { key: 'introZh', kind: 'text', group: 'texts' },
  { key: 'introEn', kind: 'text', group: 'texts' },
  { key: 'descriptionZh', kind: 'textarea', group: 'texts' },
  { key: 'descriptionEn', kind: 'textarea', group: 'texts' },
  { key: 'team.zh', kind: 'textarea', group: 'fundamentals' },
  { key: 'team.en', kind: 'textarea', group: 'fundamentals' },
  { key: 'roadmap.zh', kind: 'textarea', group: 'fundamentals' },
  { key: 'roadmap.en', kind: 'textarea', group: 'fundamentals' },
  { key: 'tokenomics.zh', kind: 'textarea', group: 'fundamentals' },
  { key: 'tokenomics.en', kind: 'textarea', group: 'fundamentals' },
  { key: 'partnerships', kind: 'list', group: 'fundamentals' },
  { key: 'newsQuery', kind: 'text', group: 'sources' },
  { key: 'wikipedia.zh', kind: 'text', group: 'sources' },
  { key: 'wikipedia.en', kind: 'text', group: 'sources' },
  { key: 'verification.method', kind: 'verification', group: 'verification' },
  { key: 'verification.by', kind: 'text', group: 'verification' },
  { key: 'verification.at', kind: 'date', group: 'verification' },
  { key: 'verification.note', kind: 'text', group: 'verification' },
] as const;

export type ProjectFieldKey = (typeof PROJECT_FIELDS)[number]['key'];
export type ProjectFieldKind = (typeof PROJECT_FIELDS)[number]['kind'];
export type ProjectFormValues = Record<ProjectFieldKey, string>;
export const PROJECT_FIELD_GROUPS = ['basics', 'links', 'texts', 'fundamentals', 'sources', 'verification'] as const;

const list = (value: string[] | undefined) => (value ?? []).join(', ');

export function toProjectForm(project: ExportProject | null): ProjectFormValues {
  const p = project;
  return {
    id: p?.id ?? '',
    name: p?.name ?? '',
    symbol: p?.symbol ?? '',
    category: p?.category ?? '',
    chains: list(p?.chains),
    newChains: '',
    tags: list(p?.tags),
    sourcePlatform: p?.sourcePlatform ?? '',
    listedAt: p?.listedAt ?? '',
    coingeckoId: p?.coingeckoId ?? '',
    website: p?.website ?? '',
    twitter: p?.twitter ?? '',
    telegram: p?.telegram ?? '',
    discord: p?.discord ?? '',
    github: list(p?.github),
    whitepaper: p?.whitepaper ?? '',
    introZh: p?.introZh ?? '',
    introEn: p?.introEn ?? '',
    descriptionZh: p?.descriptionZh ?? '',
    descriptionEn: p?.descriptionEn ?? '',
    'team.zh': p?.team?.zh ?? '',
    'team.en': p?.team?.en ?? '',
    'roadmap.zh': p?.roadmap?.zh ?? '',
    'roadmap.en': p?.roadmap?.en ?? '',
    'tokenomics.zh': p?.tokenomics?.zh ?? '',
    'tokenomics.en': p?.tokenomics?.en ?? '',
    partnerships: list(p?.partnerships),
    newsQuery: p?.newsQuery ?? '',
    'wikipedia.zh': p?.wikipedia?.zh ?? '',
    'wikipedia.en': p?.wikipedia?.en ?? '',
    'verification.method': p?.verification?.method ?? '',
    'verification.by': p?.verification?.by ?? '',
    'verification.at': p?.verification?.at ?? '',
    'verification.note': p?.verification?.note ?? '',
  };
}

const text = (value: string) => value.trim();
const orNull = (value: string) => text(value) || null;
const orAbsent = (value: string) => text(value) || undefined;
const splitList = (value: string) =>
  value
    .split(/[,，\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
/** A zh/en text pair: absent when both are empty; an empty English side is sent as '' so the server names it. */
const localText = (en: string, zh: string) =>
  text(en) || text(zh) ? { en: text(en), ...(text(zh) ? { zh: text(zh) } : {}) } : undefined;

/**
 * The body of POST/PUT /api/admin/projects from the form. Empty optional fields are left out, empty nullable ones are
 * null; nothing else is checked here (the server's schema does, and names the field). `sample` is not a form field:
 * an edit sends back what the project had (the server never overwrites live figures with it).
 */
export function fromProjectForm(values: ProjectFormValues, sample: ExportProject['sample'] = null): AdminProjectWrite {
  const v = values;
  const method = v['verification.method'];
  const partnerships = splitList(v.partnerships);
  const newChains = splitList(v.newChains);
  const optional = {
    whitepaper: orAbsent(v.whitepaper),
    team: localText(v['team.en'], v['team.zh']),
    roadmap: localText(v['roadmap.en'], v['roadmap.zh']),
    tokenomics: localText(v['tokenomics.en'], v['tokenomics.zh']),
    partnerships: partnerships.length > 0 ? partnerships : undefined,
    // Chains added on purpose: they join the project's chains and the known list.
    newChains: newChains.length > 0 ? newChains : undefined,
    newsQuery: orAbsent(v.newsQuery),
    wikipedia:
      text(v['wikipedia.en']) || text(v['wikipedia.zh'])
        ? { en: orAbsent(v['wikipedia.en']), zh: orAbsent(v['wikipedia.zh']) }
        : undefined,
    verification:
      method === 'x' || method === 'site-review'
        ? {
            method,
            by: text(v['verification.by']),
            at: text(v['verification.at']),
            note: orAbsent(v['verification.note']),
          }
        : undefined,
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
  return {
    id: text(v.id),
    name: text(v.name),
    symbol: orNull(v.symbol),
    category: text(v.category),
    chains: [...new Set([...splitList(v.chains), ...newChains])],
    tags: splitList(v.tags),
    sourcePlatform: orNull(v.sourcePlatform),
    listedAt: orNull(v.listedAt),
    coingeckoId: orNull(v.coingeckoId),
    website: orNull(v.website),
    twitter: orNull(v.twitter),
    telegram: orNull(v.telegram),
    discord: orNull(v.discord),
    github: splitList(v.github),
    introZh: orNull(v.introZh),
    introEn: orNull(v.introEn),
    descriptionZh: orNull(v.descriptionZh),
    descriptionEn: orNull(v.descriptionEn),
    ...defined,
    sample,
  } as AdminProjectWrite;
}

/**
 * A server validation error split into messages per form field (VALIDATION_FAILED details name the path, already in
 * the request's language) and the rest (a path the form has no field for, e.g. a refinement on `wikipedia`). A list
 * item's path ("chains.0") is the list's field.
 */
export function fieldErrorsOf<K extends string>(
  error: unknown,
  keys: readonly K[],
): { fields: Partial<Record<K, string>>; other: string[] } {
  const known = new Set<string>(keys);
  const fields: Partial<Record<K, string>> = {};
  const other: string[] = [];
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) {
    return { fields, other };
  }
  for (const issue of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof issue.field !== 'string' || typeof issue.message !== 'string') continue;
    const key = issue.field.replace(/(\.\d+)+$/, '');
    if (known.has(key)) fields[key as K] ??= issue.message;
    else other.push(`${issue.field}: ${issue.message}`);
  }
  return { fields, other };
}

export const PROJECT_FIELD_KEYS: readonly ProjectFieldKey[] = PROJECT_FIELDS.map((field) => field.key);
