import type { ExportMetadata } from '../export-document.ts';

// Texts the writers put inside a file (xlsx metadata sheet, pdf header and footer) in the export's language. They live
// here rather than in src/shared/locales because only the server writes files; the Record type makes TypeScript check
// that zh and en have the same keys.

type FileLabels = {
  metadataSheet: string;
  title: string;
  generatedAt: string;
  modelVersion: string;
  dateRange: string;
  filters: string;
  noFilters: string;
  sources: string;
  neverFetched: string;
  rowCount: string;
  page: (n: number, total?: number) => string;
  truncated: (limit: number) => string;
  noRows: string;
  rowTotal: (n: number) => string;
  /** The export's row cap stated in the file (metadata line, csv note, xlsx About sheet). */
  rowLimit: string;
  rowCap: (cap: number) => string;
  noRowCap: string;
  /** The export was cut at the cap: which rows the file holds. */
  cut: (cap: number, matched: number) => string;
  /** The pdf's own limit, stated under its title. */
  pdfLimit: (limit: number) => string;
  aboutSheet: string;
  noData: string;
};

export const FILE_LABELS: Record<ExportMetadata['language'], FileLabels> = {
  zh: {
    metadataSheet: '元数据',
    title: '标题',
    generatedAt: '生成时间',
    modelVersion: '模型版本',
    dateRange: '日期范围',
    filters: '筛选条件',
    noFilters: '无',
    sources: '数据来源（截至）',
    neverFetched: '尚未获取',
    rowCount: '行数',
    page: (n) => `第 ${n} 页`,
    truncated: (limit) => `PDF 最多包含 ${limit.toLocaleString('zh')} 行：其余行已截断。完整数据请导出为 CSV 或 XLSX。`,
    noRows: '没有符合条件的数据。',
    rowTotal: (n) => `共 ${n.toLocaleString('zh')} 行`,
    rowLimit: '行数上限',
    rowCap: (cap) => `每次导出最多 ${cap.toLocaleString('zh')} 行（VIP 无上限）`,
    noRowCap: '无上限（VIP）',
    cut: (cap, matched) =>
      `仅含前 ${cap.toLocaleString('zh')} 行，共匹配 ${matched.toLocaleString('zh')} 行（VIP 导出无行数上限）`,
    pdfLimit: (limit) => `PDF 最多包含 ${limit.toLocaleString('zh')} 行；完整数据请导出为 CSV 或 XLSX。`,
    aboutSheet: '关于',
    noData: '无数据',
  },
  en: {
    metadataSheet: 'Metadata',
    title: 'Title',
    generatedAt: 'Generated at',
    modelVersion: 'Model version',
    dateRange: 'Date range',
    filters: 'Filters',
    noFilters: 'none',
    sources: 'Sources (as of)',
    neverFetched: 'never fetched',
    rowCount: 'Rows',
    page: (n) => `Page ${n}`,
    truncated: (limit) =>
      `A PDF holds at most ${limit.toLocaleString('en')} rows: the rest was cut. Export as CSV or XLSX for the full data.`,
    noRows: 'No rows match.',
    rowTotal: (n) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`,
    rowLimit: 'Row limit',
    rowCap: (cap) => `At most ${cap.toLocaleString('en')} rows per export (no limit with VIP)`,
    noRowCap: 'None (VIP)',
    cut: (cap, matched) =>
      `Only the first ${cap.toLocaleString('en')} of ${matched.toLocaleString('en')} matching rows (VIP exports have no row limit)`,
    pdfLimit: (limit) =>
      `A PDF holds at most ${limit.toLocaleString('en')} rows; export as CSV or XLSX for the full data.`,
    aboutSheet: 'About',
    noData: 'no data',
  },
};
