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

// Each exportable column: its cell type and how a source's row fills it. Labels come from locales exports.columns.*.

type ColumnDef<R> = { type: ExportCellType; cell: (row: R) => ExportCell };
type Defs<K extends string, R> = Record<K, ColumnDef<R>>;

const date = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);

export const PROJECT_COLUMN_DEFS: Defs<(typeof PROJECT_EXPORT_COLUMNS)[number], ProjectListItem> = {
  name: { type: 'text', cell: (p) => p.name },
  symbol: { type: 'text', cell: (p) => p.symbol },
  category: { type: 'text', cell: (p) => p.category },
  chains: { type: 'text', cell: (p) => p.chains.join(', ') },
  status: { type: 'text', cell: (p) => p.status },
  heatScore: { type: 'decimal', cell: (p) => p.heatScore },
  socialScore: { type: 'decimal', cell: (p) => p.socialScore },
  evidenceCount: { type: 'integer', cell: (p) => p.evidenceCount },
  price: { type: 'usd', cell: (p) => p.price },
  marketCap: { type: 'usd', cell: (p) => p.marketCap },
  volume24h: { type: 'usd', cell: (p) => p.volume24h },
  priceChange24h: { type: 'percent', cell: (p) => p.priceChange24h },
  priceChange7d: { type: 'percent', cell: (p) => p.priceChange7d },
  followersTwitter: { type: 'integer', cell: (p) => p.followersTwitter },
  verified: { type: 'boolean', cell: (p) => p.verified },
  listedAt: { type: 'date', cell: (p) => date(p.listedAt) },
  marketSource: { type: 'text', cell: (p) => p.marketSource?.source ?? null },
  marketAsOf: { type: 'datetime', cell: (p) => date(p.marketSource?.asOf) },
  id: { type: 'text', cell: (p) => p.id },
};

export const WATCHLIST_COLUMN_DEFS: Defs<(typeof WATCHLIST_EXPORT_COLUMNS)[number], WatchlistItem> = {
  name: { type: 'text', cell: (i) => i.name },
  symbol: { type: 'text', cell: (i) => i.symbol },
  heatScore: { type: 'decimal', cell: (i) => i.heatScore },
  price: { type: 'usd', cell: (i) => i.price },
  priceChange24h: { type: 'percent', cell: (i) => i.priceChange24h },
  marketCap: { type: 'usd', cell: (i) => i.marketCap },
  amount: { type: 'decimal', cell: (i) => i.amount },
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
  heatScore: { type: 'decimal', cell: (r) => r.score },
  socialScore: { type: 'decimal', cell: (r) => r.socialScore },
  backfilled: { type: 'boolean', cell: (r) => r.backfilled },
  model: { type: 'text', cell: (r) => r.model },
};

/** The chosen columns (validated against the source's keys on the way in) labelled in the export's language. */
export function selectColumns<R>(
  defs: Record<string, ColumnDef<R>>,
  keys: readonly string[],
  language: Language,
): { columns: ExportColumn[]; toRow: (row: R) => ExportRow } {
  const chosen = keys.filter((key) => key in defs);
  const columns = chosen.map((key) => ({
    key,
    label: translate(language, `exports.columns.${key}`),
    type: (defs[key] as ColumnDef<R>).type,
  }));
  return {
    columns,
    toRow: (row) => Object.fromEntries(chosen.map((key) => [key, (defs[key] as ColumnDef<R>).cell(row)])),
  };
}
