import { z } from 'zod';
import { DIRECTORY_FILTER_KEYS, type ExportSourceKind, SEARCH_EXPORT_KEYS } from './exports.values.ts';
import { ProjectListQuerySchema } from './projects.schema.ts';
import { SearchQuerySchema } from './search.schema.ts';

// HTTP contract of /api/exports and /api/export-schedules (docs/exports.md).

export const EXPORT_FORMATS = ['csv', 'json', 'xlsx', 'pdf'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export const EXPORT_STATES = ['processing', 'completed', 'failed'] as const;
export const EXPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const EXPORT_DELIVERIES = ['email', 'download'] as const;

/** Rows per table for a level without bulk export (premium); vip has no cap. */
export const EXPORT_ROW_CAP = 10_000;
/** Active schedules per user. */
export const EXPORT_SCHEDULES_PER_USER = 10;
/** Longest history range of one export, in days. */
export const EXPORT_HISTORY_MAX_DAYS = 366;

/** Project columns (directory, search, saved search, sector), in their default order. */
export const PROJECT_EXPORT_COLUMNS = [
  'name',
  'symbol',
  'category',
  'chains',
  'status',
  'heatScore',
  'socialScore',
  'evidenceCount',
  'price',
  'marketCap',
  'volume24h',
  'priceChange24h',
  'priceChange7d',
  'followersTwitter',
  'verified',
  'listedAt',
  'marketSource',
  'marketAsOf',
  'id',
] as const;
/** A watchlist: its projects' figures, then the holding and its portfolio figures (where a price exists). */
export const WATCHLIST_EXPORT_COLUMNS = [
  'name',
  'symbol',
  'heatScore',
  'price',
  'priceChange24h',
  'marketCap',
  'amount',
  'costBasis',
  'value',
  'pnl',
  'valueChange24h',
  'note',
  'addedAt',
  'id',
] as const;
/** The holding columns: left out of a watchlist's default columns when no item holds an amount. */
export const HOLDING_EXPORT_COLUMNS = ['amount', 'costBasis', 'value', 'pnl', 'valueChange24h'] as const;
export const HISTORY_EXPORT_COLUMNS = ['at', 'heatScore', 'socialScore', 'backfilled', 'model'] as const;

/**
 * A PDF's default columns per source (the print set): what fits a landscape page at a readable size. A PDF of all 19
 * project columns squeezed every header to "…"; the other columns stay a choice.
 */
const PDF_COLUMNS_BY_KIND: Record<'projects' | 'watchlist' | 'project_history', readonly string[]> = {
  projects: ['name', 'symbol', 'category', 'heatScore', 'evidenceCount', 'marketCap', 'volume24h', 'marketAsOf'],
  watchlist: ['name', 'symbol', 'heatScore', 'price', 'priceChange24h', 'marketCap', 'value', 'pnl'],
  project_history: HISTORY_EXPORT_COLUMNS,
};
/**
 * Rows a pdf export holds at most (per table): a PDF of 100,000 rows is ~2,000 pages nobody reads. Past it the pdf
 * ends with a line saying the rest was cut and pointing to csv/xlsx; the form and the file's first page state it.
 */
export const PDF_ROW_LIMIT = 5_000;
/** Columns a PDF may hold: up to PDF_COMPACT_FROM - 1 at the normal size, up to this at a smaller one; more is a 400. */
export const PDF_MAX_COLUMNS = 12;
/** From this many columns a PDF table is set in the smaller size (docs/exports-formats.md). */
export const PDF_COMPACT_FROM = 10;

const COLUMNS_BY_KIND: Record<ExportSourceKind, readonly string[]> = {
  directory: PROJECT_EXPORT_COLUMNS,
  search: PROJECT_EXPORT_COLUMNS,
  saved_search: PROJECT_EXPORT_COLUMNS,
  sector: PROJECT_EXPORT_COLUMNS,
  watchlist: WATCHLIST_EXPORT_COLUMNS,
  project_history: HISTORY_EXPORT_COLUMNS,
};

/** The columns a source kind can export, in their default order. */
export function exportColumnsOf(kind: ExportSourceKind): readonly string[] {
  return COLUMNS_BY_KIND[kind];
}

/** The default columns of a PDF of this source kind (the print set). */
export function pdfColumnsOf(kind: ExportSourceKind): readonly string[] {
  if (kind === 'watchlist' || kind === 'project_history') return PDF_COLUMNS_BY_KIND[kind];
  return PDF_COLUMNS_BY_KIND.projects;
}

/** The directory's filters and sort as its URL carries them (no page, no language). */
export const DirectoryFiltersSchema = ProjectListQuerySchema.omit({
  limit: true,
  offset: true,
  lang: true,
  pageSize: true,
});
const DIRECTORY_KEYS = new Set<string>(DIRECTORY_FILTER_KEYS);
const SEARCH_KEYS = new Set<string>(SEARCH_EXPORT_KEYS);

const stringRecord = z.record(z.string().max(40), z.string().max(200)).refine((r) => Object.keys(r).length <= 30, {
  message: 'too many parameters',
});
/** A calendar date (YYYY-MM-DD) that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) => {
      // "2026-13-45" matches the pattern but is no day: Date gives NaN (toISOString would throw, a 500).
      const at = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
    },
    { message: 'not a date' },
  );
const id = z.string().trim().min(1).max(200);

export const ExportSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('directory'),
    /** The directory's URL parameters (sort, order, category, chain, status, scored, verified, q). */
    filters: stringRecord.superRefine((filters, ctx) => {
      const unknown = Object.keys(filters).filter((k) => !DIRECTORY_KEYS.has(k));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown filter ${unknown.join(', ')}` });
      const parsed = DirectoryFiltersSchema.safeParse(filters);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as never);
    }),
  }),
  z.object({
    kind: z.literal('search'),
    /** The /api/search query string (q and filters; no page). */
    query: stringRecord.superRefine((query, ctx) => {
      const unknown = Object.keys(query).filter((k) => !SEARCH_KEYS.has(k));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown parameter ${unknown.join(', ')}` });
      const parsed = SearchQuerySchema.safeParse(query);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as never);
    }),
  }),
  z.object({ kind: z.literal('saved_search'), id: z.uuid() }),
  z.object({ kind: z.literal('watchlist'), id: z.uuid() }),
  z.object({ kind: z.literal('sector'), id }),
  z
    .object({ kind: z.literal('project_history'), projectId: id, from: day, to: day })
    .refine((s) => s.from <= s.to, { message: 'from must not be after to', path: ['from'] })
    .refine((s) => Date.parse(s.to) - Date.parse(s.from) <= (EXPORT_HISTORY_MAX_DAYS - 1) * 86_400_000, {
      message: `at most ${EXPORT_HISTORY_MAX_DAYS} days`,
      path: ['to'],
    }),
]);
export type ExportSource = z.infer<typeof ExportSourceSchema>;

export const ExportOptionsSchema = z.object({
  format: ExportFormatSchema,
  /** A subset of the source's columns, in the order wanted; absent = the source's default columns. */
  columns: z
    .array(
      z
        .string()
        .regex(/^[a-zA-Z0-9]+$/)
        .max(40),
    )
    .min(1)
    .max(40)
    .optional(),
  /** Headers, titles, metadata and the file name in this language. */
  language: z.enum(['zh', 'en']).default('zh'),
  zip: z.boolean().default(false),
  includeMetadata: z.boolean().default(true),
  /**
   * csv and xlsx: raw values for analysts (stored ids such as `Layer1`, `active`, `catalogue-sample`, full precision,
   * column keys as headers). Off: values as the page shows them, in the export's language (docs/exports-formats.md).
   * json is always raw; a pdf always readable.
   */
  raw: z.boolean().default(false),
});
export type ExportOptions = z.infer<typeof ExportOptionsSchema>;

/** The chosen columns against the source's: known, each once, and at most PDF_MAX_COLUMNS in a pdf. */
function refineColumns(
  body: { source: { kind: ExportSourceKind }; options: Pick<ExportOptions, 'columns' | 'format'> },
  ctx: z.RefinementCtx,
): void {
  const allowed = exportColumnsOf(body.source.kind);
  const columns = body.options.columns ?? [];
  const path = ['options', 'columns'];
  const bad = columns.filter((c) => !allowed.includes(c));
  if (bad.length > 0) ctx.addIssue({ code: 'custom', path, message: `unknown column ${bad.join(', ')}` });
  if (new Set(columns).size !== columns.length)
    ctx.addIssue({ code: 'custom', path, message: 'a column is listed twice' });
  // The message is a catalogue key: the error handler words it in the request's language.
  if (body.options.format === 'pdf' && columns.length > PDF_MAX_COLUMNS)
    ctx.addIssue({ code: 'custom', path, message: 'exports.validation.pdfTooManyColumns' });
}

export const CreateExportBodySchema = z
  .object({ source: ExportSourceSchema, options: ExportOptionsSchema })
  .superRefine(refineColumns);
export type CreateExportBody = z.infer<typeof CreateExportBodySchema>;
export type CreateExportBodyInput = z.input<typeof CreateExportBodySchema>;

export const ExportParamsSchema = z.object({ id: z.uuid() });

export const ExportSchema = z.object({
  id: z.string(),
  source: ExportSourceSchema,
  options: ExportOptionsSchema,
  state: z.enum(EXPORT_STATES),
  /** Why it failed, in the request's language (the web shows "Export Failed" and this). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  rowCount: z.number().int().nullable(),
  /** Rows per table this export was allowed (null: bulk export, no cap). */
  rowCap: z.number().int().nullable(),
  /** More rows matched than rowCap: the file holds the first rowCap (and its metadata says so). */
  truncated: z.boolean(),
  scheduleId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file is deleted (retention); null while processing. */
  expiresAt: z.string().nullable(),
});
export type Export = z.infer<typeof ExportSchema>;

export const ExportsResponseSchema = z.object({
  items: z.array(ExportSchema),
  /** Completed files are kept this many days. */
  retentionDays: z.number().int(),
  /** The viewer's row cap per export (null: bulk export). */
  rowCap: z.number().int().nullable(),
});
export type ExportsResponse = z.infer<typeof ExportsResponseSchema>;

export const CreateScheduleBodySchema = z
  .object({
    source: ExportSourceSchema,
    options: ExportOptionsSchema,
    frequency: z.enum(EXPORT_FREQUENCIES),
    delivery: z.enum(EXPORT_DELIVERIES),
  })
  .superRefine(refineColumns);
export type CreateScheduleBody = z.infer<typeof CreateScheduleBodySchema>;
export type CreateScheduleBodyInput = z.input<typeof CreateScheduleBodySchema>;

export const ScheduleSchema = z.object({
  id: z.string(),
  source: ExportSourceSchema,
  options: ExportOptionsSchema,
  frequency: z.enum(EXPORT_FREQUENCIES),
  delivery: z.enum(EXPORT_DELIVERIES),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const SchedulesResponseSchema = z.object({ items: z.array(ScheduleSchema), limit: z.number().int() });
export type SchedulesResponse = z.infer<typeof SchedulesResponseSchema>;
