import {
  DirectoryFiltersSchema,
  type ExportOptions,
  type ExportSource,
  exportColumnsOf,
  HOLDING_EXPORT_COLUMNS,
  pdfColumnsOf,
} from '../../../shared/api/exports.schema.ts';
import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import { SearchQuerySchema } from '../../../shared/api/search.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { HEAT_MODEL_VERSION } from '../../../shared/scoring/weights.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { readSourcesAsOf } from '../../runs/source-freshness.ts';
import { readProjectHistory } from '../heat/heat.service.ts';
import { getProject, readProjectList } from '../projects/projects.service.ts';
import { getSavedSearch } from '../saved-searches/saved-searches.service.ts';
import { readSearchMatches } from '../search/search.service.ts';
import { getSector, readSectorNames } from '../sectors/sectors.service.ts';
import { getWatchlist } from '../watchlists/watchlists.service.ts';
import {
  HISTORY_COLUMN_DEFS,
  PROJECT_COLUMN_DEFS,
  type Presentation,
  selectColumns,
  WATCHLIST_COLUMN_DEFS,
} from './export-columns.ts';
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
  table: (
    keys: readonly string[],
    lang: Language,
    presentation: Presentation,
  ) => { columns: ExportColumn[]; rows: AsyncIterable<ExportRow> };
};

function erase<R>({ rows, defs, ...rest }: Opened<R>): OpenedSource {
  return {
    ...rest,
    table: (keys, lang, presentation) => {
      const { columns, toRow } = selectColumns(defs, keys, lang, presentation);
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
      const name = lang === 'zh' ? (sector.nameZh ?? sector.name) : sector.name;
      return projects('projects', `${title}: ${name}`, { [label(lang, 'sector')]: name }, read);
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

/** Raw for json (a machine format) and when asked; a pdf is always read by a person. */
export function isRawExport(options: Partial<Pick<ExportOptions, 'format' | 'raw'>>): boolean {
  if (options.format === 'json') return true;
  if (options.format === 'pdf') return false;
  return options.raw ?? false;
}

function presentationOf(raw: boolean, language: Language, sectorName: (name: string) => string): Presentation {
  return raw ? { raw: true } : { raw: false, ctx: { language, sectorName } };
}

/**
 * The document of one export: metadata in the export's language (filters, generated at, model version, sources and
 * their as-of, the row cap; a cut at the cap is stated among the filters too) and one table whose rows are read
 * lazily, valued raw or readable (isRawExport). A pdf without chosen columns gets the print set (pdfColumnsOf).
 */
export async function buildExportDocument(
  ctx: SourceContext,
  source: ExportSource,
  options: Pick<ExportOptions, 'columns' | 'language'> &
    Partial<Pick<ExportOptions, 'format' | 'raw'>> & { includeMetadata?: boolean },
): Promise<BuiltDocument> {
  const lang = options.language;
  const opened = await openSource(ctx, source, lang);
  const raw = isRawExport(options);
  const defaults =
    options.format === 'pdf'
      ? pdfColumnsOf(source.kind).filter((key) => opened.defaultColumns.includes(key))
      : opened.defaultColumns;
  // Sectors are stored by their English name (projects.category); a Chinese file names them as the page does.
  const names = lang === 'zh' ? await readSectorNames(ctx.db) : new Map<string, string>();
  const sectorName = (name: string) => names.get(name) ?? name;
  const { columns, rows } = opened.table(options.columns ?? defaults, lang, presentationOf(raw, lang, sectorName));
  const truncated = ctx.rowCap !== null && opened.total > ctx.rowCap;
  const filters = { ...opened.filters };
  const sectorFilter = label(lang, 'category');
  if (filters[sectorFilter]) filters[sectorFilter] = sectorName(filters[sectorFilter]);
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
      rowLimit: { cap: ctx.rowCap, matched: opened.total },
    },
    tables: [{ name: opened.name, title: opened.title, columns, rows, readable: !raw }],
  };
  return { document, matched: opened.total, truncated };
}

/** The file's base name (no extension) in the export's language: "<source>-<YYYY-MM-DD>", safe in any file system. */
export function exportBaseName(source: ExportSource, language: Language, now: Date): string {
  const title = translate(language, `exports.fileNames.${source.kind}`);
  return `${title}-${now.toISOString().slice(0, 10)}`.replace(/[\\/:*?"<>|\s]+/g, '-');
}
