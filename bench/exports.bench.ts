import { createWriteStream, rmSync, statSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../src/server/db/client.ts';
import type {
  ExportColumn,
  ExportDocument,
  ExportFormat,
  ExportRow,
} from '../src/server/features/exports/export-document.ts';
import { runExport } from '../src/server/features/exports/export-runner.ts';
import { PDF_ROW_LIMIT, writeExport } from '../src/server/features/exports/writers/index.ts';
import { HEAT_MODEL_VERSION } from '../src/shared/scoring/weights.ts';

// The exports row of the issue: every project streamed from the database to a file through the format writers, read
// in keyset pages as the real export sources do. Time and the growth of this
// process's RSS over its level before the export (sampled every 20 ms) are reported; PGlite runs in this process, so
// its memory is counted too (a conservative figure).

export type ExportBenchRow = {
  database: string;
  export: string;
  rows: number;
  seconds: number;
  'MB file': number;
  'RSS growth MB': number;
  target: string;
};

const PAGE_ROWS = 2_000;

const COLUMNS: ExportColumn[] = [
  { key: 'name', label: '项目名称', type: 'text' },
  { key: 'symbol', label: '代号', type: 'text' },
  { key: 'category', label: '赛道', type: 'text' },
  { key: 'heat', label: '热度', type: 'decimal' },
  { key: 'marketCap', label: '市值', type: 'usd' },
  { key: 'volume24h', label: '24小时成交量', type: 'usd' },
  { key: 'priceChange24h', label: '24小时涨跌', type: 'percent' },
  { key: 'followersTwitter', label: 'X 关注者', type: 'integer' },
  { key: 'isVerified', label: '已验证', type: 'boolean' },
  { key: 'computedAt', label: '计算时间', type: 'datetime' },
];

type ProjectPageRow = {
  id: string;
  name: string;
  symbol: string | null;
  category: string;
  heat: number | null;
  market_cap: number | null;
  volume_24h: number | null;
  price_change_24h: number | null;
  followers_twitter: number | null;
  is_verified: boolean;
  computed_at: string | Date | null;
};

/**
 * Every project, read in keyset pages of PAGE_ROWS by primary key: each page is an index range, so reading 100,000
 * rows costs 50 short queries, not 50 sorts of the whole table.
 */
async function* projectRows(db: Db): AsyncGenerator<ExportRow> {
  let afterId = '';
  for (;;) {
    const page = await queryRows<ProjectPageRow>(
      db,
      sql`SELECT p.id, p.name, p.symbol, p.category, s.heat_score AS heat, p.market_cap, p.volume_24h,
            p.price_change_24h, p.followers_twitter, p.is_verified, s.computed_at
          FROM projects p LEFT JOIN project_scores s ON s.project_id = p.id
          WHERE p.id > ${afterId}
          ORDER BY p.id
          LIMIT ${PAGE_ROWS}`,
    );
    for (const r of page) {
      yield {
        name: r.name,
        symbol: r.symbol,
        category: r.category,
        heat: r.heat,
        marketCap: r.market_cap,
        volume24h: r.volume_24h,
        priceChange24h: r.price_change_24h,
        followersTwitter: r.followers_twitter,
        isVerified: r.is_verified,
        computedAt: r.computed_at === null ? null : new Date(r.computed_at),
      };
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_ROWS) return;
    afterId = last.id;
  }
}

function projectsDocument(db: Db): ExportDocument {
  return {
    metadata: {
      title: '项目目录',
      language: 'zh',
      generatedAt: new Date(),
      modelVersion: HEAT_MODEL_VERSION,
      filters: {},
      sources: [],
    },
    tables: [{ name: 'projects', title: '项目列表', columns: COLUMNS, rows: projectRows(db) }],
  };
}

async function timeExport(db: Db, kind: DbKind, format: ExportFormat, target: string): Promise<ExportBenchRow> {
  const path = `/tmp/heatrank-bench-export-${process.pid}.${format}`;
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await writeExport(format, projectsDocument(db), createWriteStream(path), {
      includeMetadata: format !== 'csv',
      zip: false,
      baseName: 'projects',
    });
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      database: kind,
      export: format === 'pdf' ? `pdf (row cap ${PDF_ROW_LIMIT.toLocaleString('en')})` : format,
      rows: result.rowCounts.projects ?? 0,
      seconds: Math.round(seconds * 100) / 100,
      'MB file': Math.round(statSync(path).size / 1e5) / 10,
      'RSS growth MB': Math.round((peak - before) / 1e6),
      target,
    };
  } finally {
    clearInterval(sampler);
    rmSync(path, { force: true });
  }
}

/** The database's share of an export: the same pages read and dropped. */
async function timeReadOnly(db: Db, kind: DbKind): Promise<ExportBenchRow> {
  const started = performance.now();
  let rows = 0;
  for await (const _row of projectRows(db)) rows += 1;
  return {
    database: kind,
    export: 'read only (no file)',
    rows,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    'MB file': 0,
    'RSS growth MB': 0,
    target: '',
  };
}

/**
 * The issue's row as a user gets it: an export job of the whole directory (the directory source's keyset pages, the
 * csv writer, the file stored in chunks in the database), as a vip (no row cap). The job's row and file are removed.
 */
async function timeExportJob(db: Db, kind: DbKind): Promise<ExportBenchRow> {
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (email) VALUES (${`bench-export-${process.pid}@example.com`}) RETURNING id`,
  );
  const userId = user?.id as string;
  try {
    await db.execute(sql`INSERT INTO user_profiles (id, membership_level, membership_expires_at)
      VALUES (${userId}, 'vip', now() + interval '30 days')`);
    const [job] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO exports (user_id, source, options, row_cap)
          VALUES (${userId}, ${JSON.stringify({ kind: 'directory', filters: {} })}::jsonb,
            ${JSON.stringify({ format: 'csv', language: 'zh', includeMetadata: false })}::jsonb, NULL)
          RETURNING id`,
    );
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    const started = performance.now();
    const result = await runExport({ db, dbKind: kind, config: { EXPORT_RETENTION_DAYS: 1 } }, job?.id as string);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (result !== 'completed') throw new Error(`exports bench: the export job ended ${result}`);
    const [stored] = await queryRows<{ rows: number; bytes: number }>(
      db,
      sql`SELECT e.row_count AS rows, (SELECT sum(length(c.data))::float8 FROM export_chunks c WHERE c.export_id = e.id)
            AS bytes FROM exports e WHERE e.id = ${job?.id}`,
    );
    return {
      database: kind,
      export: 'csv export job (source → writer → stored file)',
      rows: stored?.rows ?? 0,
      seconds: Math.round(seconds * 100) / 100,
      'MB file': Math.round((stored?.bytes ?? 0) / 1e5) / 10,
      'RSS growth MB': Math.round((Math.max(peak, process.memoryUsage.rss()) - before) / 1e6),
      target: '< 10 s, RSS growth < 100 MB',
    };
  } finally {
    await db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
  }
}

/**
 * The export job (the issue's row), then the writers alone: csv of every project, then xlsx of every project and a pdf at its row cap as extra rows, and the
 * reads alone (the database's share of the time).
 */
export async function benchExports(db: Db, kind: DbKind): Promise<ExportBenchRow[]> {
  // csv first: its RSS growth is measured before the other runs have grown the database's caches.
  return [
    await timeExportJob(db, kind),
    await timeExport(db, kind, 'csv', ''),
    await timeExport(db, kind, 'xlsx', ''),
    await timeExport(db, kind, 'pdf', ''),
    await timeReadOnly(db, kind),
  ];
}
