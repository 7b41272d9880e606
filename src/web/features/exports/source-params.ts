import type { ExportSource } from '../../../shared/api/exports.schema.ts';
import {
  DIRECTORY_FILTER_KEYS,
  EXPORT_SOURCE_KINDS,
  type ExportSourceKind,
  SEARCH_EXPORT_KEYS,
} from '../../../shared/api/exports.values.ts';

// The export form's source as URL parameters: `/exports?source=directory&category=DeFi` opens the form prefilled
// (the directory, search, watchlist and sector pages link here with their own state).

const SEARCH_KEYS: readonly string[] = SEARCH_EXPORT_KEYS;

export type SourceDraft = {
  kind: ExportSourceKind;
  /** The directory's filters or the search's query, as their URLs carry them. */
  params: Record<string, string>;
  /** Saved search, watchlist or sector id. */
  id: string;
  projectId: string;
  from: string;
  to: string;
};

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The link that opens the export form with a source: kind plus the source's own parameters. */
export function exportHref(kind: ExportSourceKind, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams({ source: kind });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `/exports?${search.toString()}`;
}

/** The form's starting source from the page's URL (the directory with no filters when none is given). */
export function draftFromSearch(search: URLSearchParams): SourceDraft {
  const asked = search.get('source');
  const kind = EXPORT_SOURCE_KINDS.find((k) => k === asked) ?? 'directory';
  const keys: readonly string[] = kind === 'directory' ? DIRECTORY_FILTER_KEYS : kind === 'search' ? SEARCH_KEYS : [];
  const params: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  return {
    kind,
    params,
    id: search.get('id') ?? '',
    projectId: search.get('projectId') ?? '',
    from: search.get('from') ?? daysAgo(30),
    to: search.get('to') ?? today(),
  };
}

/** The request's source from the form's draft. */
export function toSource(draft: SourceDraft): ExportSource {
  switch (draft.kind) {
    case 'directory':
      return { kind: 'directory', filters: draft.params };
    case 'search':
      return { kind: 'search', query: draft.params };
    case 'project_history':
      return { kind: 'project_history', projectId: draft.projectId.trim(), from: draft.from, to: draft.to };
    default:
      return { kind: draft.kind, id: draft.id };
  }
}
