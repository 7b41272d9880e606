import {
  DirectoryFiltersSchema,
  type ExportOptions,
  type ExportSource,
  exportColumnsOf,
  HOLDING_EXPORT_COLUMNS,
} from '../../../shared/api/exports.schema.ts';
import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import { SearchQuerySchema } from '../../../shared/api/search.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { HEAT_MODEL_VERSION } from '../../../shared/scoring/weights.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { readSourcesAsOf } from '../../jobs/source-freshness.ts';
import { readProjectHistory } from '../heat/heat.service.ts';
import type { Viewer } from '../membership/viewer-level.ts';
import { getProject, readProjectList } from '../projects/projects.service.ts';
import { getSavedSearch } from '../saved-searches/saved-searches.service.ts';
import { readSearchMatches } from '../search/search.service.ts';
import { getSector } from '../sectors/sectors.service.ts';
import { getWatchlist } from '../watchlists/watchlists.service.ts';
import { HISTORY_COLUMN_DEFS, PROJECT_COLUMN_DEFS, selectColumns, WATCHLIST_COLUMN_DEFS } from './export-columns.ts';
import type { ExportColumn, ExportDocument, ExportRow } from './export-document.ts';

// Sources → ExportDocument (docs/exports.md "Sources"): each reads its rows lazily in pages, never the whole result.

export type SourceContext = {
  db: Db;
  /** The export's owner: saved searches and watchlists are read as theirs only (another's id → not found). */
  viewer: Viewer & { userId: string };
  /** Rows per table (null: bulk export, no cap). */
  rowCap: number | null;
  now: Date;
};

export type BuiltDocument = { document: ExportDocument; matched: number; truncated: boolean };

type Opened<R> = {
  name: string;
  title: string;
  filters: Record<string, string>;
  total: number;
  rows: AsyncIterable<R>;
  defs: Parameters<typeof selectColumns<R>>[0];
  defaultColumns: readonly string[];
  dateRange?: { from: Date; to: Date };
};

/** An opened source with its row type closed over: the chosen columns and the rows as cells. */
type OpenedSource = Omit<Opened<unknown>, 'rows' | 'defs'> & {
  table: (keys: readonly string[], lang: Language) => { columns: ExportColumn[]; rows: AsyncIterable<ExportRow> };
};

function erase<R>({ rows, defs, ...rest }: Opened<R>): OpenedSource {
  return {
    ...rest,
    table: (keys, lang) => {
      const { columns, toRow } = selectColumns(defs, keys, lang);
      return { columns, rows: mapRows(rows, toRow) };
    },
  };
}

const label = (lang: Language, key: string) => translate(lang, `exports.filters.${key}`);

function labelled(lang: Language, params: Record<string, string | number | boolean>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [label(lang, key), String(value)]));
}

async function* mapRows<R>(rows: AsyncIterable<R>, toRow: (row: R) => ExportRow): AsyncIterable<ExportRow> {
  for await (const row of rows) yield toRow(row);
}

async function* fromArray<R>(items: readonly R[]): AsyncIterable<R> {
  yield* items;
}

function projects(
  name: string,
  title: string,
  filters: Record<string, string>,
  read: { total: number; rows: AsyncIterable<ProjectListItem> },
): OpenedSource {
  return erase({
    name,
    title,
    filters,
    ...read,
    defs: PROJECT_COLUMN_DEFS,
    defaultColumns: exportColumnsOf('directory'),
  });
}

/** Opens a source for reading as its owner; throws the source's not-found error when it is gone or not theirs. */
async function openSource(ctx: SourceContext, source: ExportSource, lang: Language): Promise<OpenedSource> {
  const { db, rowCap, viewer } = ctx;
  const title = translate(lang, `exports.sources.${source.kind}`);
  switch (source.kind) {
    case 'directory': {
      const filters = DirectoryFiltersSchema.parse(source.filters);
      const read = await readProjectList(db, filters, rowCap);
      return projects('projects', title, labelled(lang, source.filters), read);
    }
    case 'search': {
      const { limit: _l, offset: _o, ...query } = SearchQuerySchema.parse(source.query);
      const read = await readSearchMatches(db, viewer, query, rowCap);
      return projects('search', title, labelled(lang, source.query), read);
    }
    case 'saved_search': {
      const saved = await getSavedSearch(db, viewer, source.id);
      const parsed = SearchQuerySchema.safeParse(saved.query);
      if (!parsed.success) throw new AppError('SAVED_SEARCH_NOT_FOUND');
      const { limit: _l, offset: _o, ...query } = parsed.data;
      const read = await readSearchMatches(db, viewer, query, rowCap);
      const filters = { [label(lang, 'savedSearch')]: saved.name, ...labelled(lang, saved.query) };
      return projects('search', `${title}: ${saved.name}`, filters, read);
    }
    case 'sector': {
      const { sector } = await getSector(db, source.id, { limit: 1, offset: 0 });
      const read = await readProjectList(db, { sort: 'heat', category: sector.name }, rowCap);
      return projects('projects', `${title}: ${sector.name}`, { [label(lang, 'sector')]: sector.name }, read);
    }
    case 'watchlist': {
      // A watchlist holds at most ITEMS_PER_WATCHLIST projects: one read is already a bounded page.
      const list = await getWatchlist(db, viewer.userId, source.id);
      const items = rowCap === null ? list.items : list.items.slice(0, rowCap);
      const holdings = list.items.some((item) => item.amount !== null);
      const defaultColumns = exportColumnsOf('watchlist').filter(
        (key) => holdings || !(HOLDING_EXPORT_COLUMNS as readonly string[]).includes(key),
      );
      return erase({
        name: 'watchlist',
        title: `${title}: ${list.name}`,
        filters: { [label(lang, 'watchlist')]: list.name },
        total: list.items.length,
        rows: fromArray(items),
        defs: WATCHLIST_COLUMN_DEFS,
        defaultColumns,
      });
    }
    case 'project_history': {
      const project = await getProject(db, source.projectId);
      const from = new Date(`${source.from}T00:00:00Z`);
      const to = new Date(Date.parse(`${source.to}T00:00:00Z`) + 86_400_000); // the `to` day included
      const read = await readProjectHistory(db, project.id, { from, to }, rowCap);
      return erase({
        name: 'history',
        title: `${title}: ${project.name}`,
        filters: {
          [label(lang, 'project')]: project.name,
          [label(lang, 'from')]: source.from,
          [label(lang, 'to')]: source.to,
        },
        ...read,
        defs: HISTORY_COLUMN_DEFS,
        defaultColumns: exportColumnsOf('project_history'),
        dateRange: { from, to },
      });
    }
  }
}

/**
 * The document of one export: metadata in the export's language (filters, generated at, model version, sources and
 * their as-of; a cut at the row cap is stated among the filters) and one table whose rows are read lazily.
 */
export async function buildExportDocument(
  ctx: SourceContext,
  source: ExportSource,
  options: Pick<ExportOptions, 'columns' | 'language'> & { includeMetadata?: boolean },
): Promise<BuiltDocument> {
  const lang = options.language;
  const opened = await openSource(ctx, source, lang);
  const { columns, rows } = opened.table(options.columns ?? opened.defaultColumns, lang);
  const truncated = ctx.rowCap !== null && opened.total > ctx.rowCap;
  const filters = { ...opened.filters };
  if (truncated) {
    filters[translate(lang, 'exports.metadata.rowCap')] = translate(lang, 'exports.metadata.truncated', {
      cap: ctx.rowCap ?? 0,
      total: opened.total,
    });
  }
  const document: ExportDocument = {
    metadata: {
      title: opened.title,
      language: lang,
      generatedAt: ctx.now,
      modelVersion: HEAT_MODEL_VERSION,
      filters,
      // Every source's newest as-of scans the projects' metric provenance (~1.4 s at 100k on PGlite): read only when
      // the metadata is written.
      sources: options.includeMetadata === false ? [] : await readSourcesAsOf(ctx.db, ctx.now),
      ...(opened.dateRange ? { dateRange: opened.dateRange } : {}),
    },
    tables: [{ name: opened.name, title: opened.title, columns, rows }],
  };
  return { document, matched: opened.total, truncated };
}

/** The file's base name (no extension) in the export's language: "<source>-<YYYY-MM-DD>", safe in any file system. */
export function exportBaseName(source: ExportSource, language: Language, now: Date): string {
  const title = translate(language, `exports.fileNames.${source.kind}`);
  return `${title}-${now.toISOString().slice(0, 10)}`.replace(/[\\/:*?"<>|\s]+/g, '-');
}
