import type {
  HISTORY_EXPORT_COLUMNS,
  PROJECT_EXPORT_COLUMNS,
  WATCHLIST_EXPORT_COLUMNS,
} from '../../../shared/api/exports.schema.ts';
import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import type { WatchlistItem } from '../../../shared/api/watchlists.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import type { HistoryExportRow } from '../heat/heat.service.ts';
import type { ExportCell, ExportCellType, ExportColumn, ExportRow } from './export-document.ts';
import {
  type ReadableContext,
  type ReadableSpec,
  readableDigits,
  readableType,
  toReadableCell,
} from './export-values.ts';

// Each exportable column: its cell type, how a source's row fills it, and how it reads (the stored id it names, the
// decimals the page shows). Labels come from locales exports.columns.*; raw exports use the keys as headers.

type ColumnDef<R> = { type: ExportCellType; cell: (row: R) => ExportCell; readable?: ReadableSpec };
type Defs<K extends string, R> = Record<K, ColumnDef<R>>;

/** Scores read with one decimal, as the page shows them (70.54620922006771 → 70.5). */
const SCORE: ReadableSpec = { digits: 1 };

const date = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);

export const PROJECT_COLUMN_DEFS: Defs<(typeof PROJECT_EXPORT_COLUMNS)[number], ProjectListItem> = {
  name: { type: 'text', cell: (p) => p.name },
  symbol: { type: 'text', cell: (p) => p.symbol },
  category: { type: 'text', cell: (p) => p.category, readable: { lookup: 'sector' } },
  chains: { type: 'text', cell: (p) => p.chains.join(', ') },
  status: { type: 'text', cell: (p) => p.status, readable: { lookup: 'status' } },
  heatScore: { type: 'decimal', cell: (p) => p.heatScore, readable: SCORE },
  socialScore: { type: 'decimal', cell: (p) => p.socialScore, readable: SCORE },
  evidenceCount: { type: 'integer', cell: (p) => p.evidenceCount },
  price: { type: 'usd', cell: (p) => p.price },
  marketCap: { type: 'usd', cell: (p) => p.marketCap },
  volume24h: { type: 'usd', cell: (p) => p.volume24h },
  priceChange24h: { type: 'percent', cell: (p) => p.priceChange24h },
  priceChange7d: { type: 'percent', cell: (p) => p.priceChange7d },
  followersTwitter: { type: 'integer', cell: (p) => p.followersTwitter },
  verified: { type: 'boolean', cell: (p) => p.verified },
  listedAt: { type: 'date', cell: (p) => date(p.listedAt) },
  marketSource: { type: 'text', cell: (p) => p.marketSource?.source ?? null, readable: { lookup: 'source' } },
  marketAsOf: { type: 'datetime', cell: (p) => date(p.marketSource?.asOf) },
  id: { type: 'text', cell: (p) => p.id },
};

export const WATCHLIST_COLUMN_DEFS: Defs<(typeof WATCHLIST_EXPORT_COLUMNS)[number], WatchlistItem> = {
  name: { type: 'text', cell: (i) => i.name },
  symbol: { type: 'text', cell: (i) => i.symbol },
  heatScore: { type: 'decimal', cell: (i) => i.heatScore, readable: SCORE },
  price: { type: 'usd', cell: (i) => i.price },
  priceChange24h: { type: 'percent', cell: (i) => i.priceChange24h },
  marketCap: { type: 'usd', cell: (i) => i.marketCap },
  amount: { type: 'decimal', cell: (i) => i.amount, readable: { digits: 8 } },
  costBasis: { type: 'usd', cell: (i) => i.costBasis },
  // A figure without its inputs stays empty (never invented), as on the page.
  value: { type: 'usd', cell: (i) => i.value.value },
  pnl: { type: 'usd', cell: (i) => i.pnl.value },
  valueChange24h: { type: 'usd', cell: (i) => i.change24h.value },
  note: { type: 'text', cell: (i) => i.note },
  addedAt: { type: 'datetime', cell: (i) => date(i.addedAt) },
  id: { type: 'text', cell: (i) => i.projectId },
};

export const HISTORY_COLUMN_DEFS: Defs<(typeof HISTORY_EXPORT_COLUMNS)[number], HistoryExportRow> = {
  at: { type: 'datetime', cell: (r) => r.at },
  heatScore: { type: 'decimal', cell: (r) => r.score, readable: SCORE },
  socialScore: { type: 'decimal', cell: (r) => r.socialScore, readable: SCORE },
  backfilled: { type: 'boolean', cell: (r) => r.backfilled },
  model: { type: 'text', cell: (r) => r.model },
};

/** Raw: stored values, keys as headers. Readable: values and headers in the export's language, rounded as the page. */
export type Presentation = { raw: true } | { raw: false; ctx: ReadableContext };

/** The chosen columns (validated against the source's keys on the way in), labelled and valued for the presentation. */
export function selectColumns<R>(
  defs: Record<string, ColumnDef<R>>,
  keys: readonly string[],
  language: Language,
  presentation: Presentation,
): { columns: ExportColumn[]; toRow: (row: R) => ExportRow } {
  const chosen = keys.filter((key) => key in defs).map((key) => [key, defs[key] as ColumnDef<R>] as const);
  if (presentation.raw) {
    return {
      columns: chosen.map(([key, def]) => ({ key, label: key, type: def.type })),
      toRow: (row) => Object.fromEntries(chosen.map(([key, def]) => [key, def.cell(row)])),
    };
  }
  const { ctx } = presentation;
  const columns = chosen.map(([key, def]): ExportColumn => {
    const digits = readableDigits(def.type, def.readable ?? {});
    return {
      key,
      label: translate(language, `exports.columns.${key}`),
      type: readableType(def.type),
      ...(digits === undefined ? {} : { digits }),
    };
  });
  return {
    columns,
    toRow: (row) =>
      Object.fromEntries(
        chosen.map(([key, def]) => [key, toReadableCell(def.cell(row), def.type, def.readable ?? {}, ctx)]),
      ),
  };
}
