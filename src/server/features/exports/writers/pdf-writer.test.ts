import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, test } from 'vitest';
import type { ExportRow } from '../export-document.ts';
import { PDF_ROW_LIMIT, writeExport } from './index.ts';
import {
  collectOutput,
  readZipEntries,
  SAMPLE_ROWS,
  SKIP_WITHOUT_POPPLER,
  sampleDocument,
  sampleTable,
} from './test-support.ts';

// Read back with poppler (pdftotext, pdftoppm; CI installs poppler-utils). Text extraction alone passes on a font that
// draws nothing, so one page is also rasterised and the box of a Chinese word must hold dark pixels.

const OPTIONS = { includeMetadata: true, zip: false, baseName: 'projects' };
const dir = mkdtempSync(join(tmpdir(), 'heatrank-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function writePdfFile(
  name: string,
  ...args: Parameters<typeof sampleDocument>
): Promise<{ path: string; size: number; rowCounts: Record<string, number> }> {
  const { out, bytes } = collectOutput();
  const result = await writeExport('pdf', sampleDocument(...args), out, OPTIONS);
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, bytes());
  return { path, size: bytes().length, rowCounts: result.rowCounts };
}

const pdfText = (path: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', path, '-'], {
    encoding: 'utf8',
  });

const pageCount = (path: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

type Box = { xMin: number; yMin: number; xMax: number; yMax: number };

/** Boxes (in pt) of the words on page 1 equal to `word`, from pdftotext -bbox. */
function wordBoxes(path: string, word: string): Box[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
  const boxes: Box[] = [];
  for (const m of html.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[5] === word) boxes.push({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return boxes;
}

/** Share of dark pixels (luma < 128) inside `box` on page 1 rasterised at 100 dpi. */
function darkShare(path: string, box: Box): number {
  const prefix = join(dir, 'page');
  execFileSync('pdftoppm', ['-r', '100', '-png', '-f', '1', '-l', '1', '-singlefile', path, prefix]);
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  const scale = 100 / 72;
  let dark = 0;
  let total = 0;
  for (let y = Math.floor(box.yMin * scale); y < Math.ceil(box.yMax * scale); y += 1) {
    for (let x = Math.floor(box.xMin * scale); x < Math.ceil(box.xMax * scale); x += 1) {
      const i = (y * png.width + x) * 4;
      const luma = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      if (luma < 128) dark += 1;
      total += 1;
    }
  }
  return dark / total;
}

describe.skipIf(SKIP_WITHOUT_POPPLER)('pdf writer', () => {
  test('Chinese text is extracted and drawn: the box of 以太坊 on the rasterised page holds ink', async () => {
    const { path } = await writePdfFile('chinese');

    const text = pdfText(path);
    expect(text).toContain('以太坊');
    expect(text).toContain('去中心化交易');
    const [box] = wordBoxes(path, '以太坊');
    expect(box).toBeDefined();
    // Measured: 13 % of the box is ink at 100 dpi; the same page with the text drawn in white gives 0 %.
    expect(darkShare(path, box!)).toBeGreaterThan(0.05);
  });

  test('landscape A4 with title, metadata block, page number, right-aligned formatted numbers', async () => {
    const { path } = await writePdfFile('layout');

    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Page size:\s+841.89 x 595.28 pts \(A4\)/);
    const text = pdfText(path);
    expect(text).toContain('项目目录');
    expect(text).toContain('生成时间: 2026-11-24 09:00 UTC');
    expect(text).toContain('模型版本: heat-v3');
    expect(text).toContain('筛选条件: 赛道: 去中心化交易; 排序: 热度');
    expect(text).toContain('CoinGecko (2026-11-24 08:00 UTC); GitHub (尚未获取)');
    expect(text.replace(/\s+/g, '')).toContain('第1页'); // pdftotext drops the spaces between CJK and digits
    expect(text).toContain('$420,000,000,000'); // whole dollars from $1,000: a market cap's cents say nothing
    expect(text).toContain('PDF 最多包含 5,000 行；完整数据请导出为 CSV 或 XLSX。'); // the limit, stated up front
    expect(text).toContain('-3.75%');
    expect(text).toContain('=cmd'); // a pdf runs nothing: text is shown as written
    expect(text.replace(/\s+/g, '')).toContain('共6行');
    // Numbers right-aligned (87.25 and -1.5 end at the same x), text left-aligned (以太坊 and @备注 start together).
    const [wide] = wordBoxes(path, '87.25');
    const [narrow] = wordBoxes(path, '-1.5');
    expect(Math.abs(wide!.xMax - narrow!.xMax)).toBeLessThan(0.5);
    expect(narrow!.xMin - wide!.xMin).toBeGreaterThan(3);
    expect(wordBoxes(path, '以太坊')[0]!.xMin).toBeCloseTo(wordBoxes(path, '@备注')[0]!.xMin, 1);
  });

  test('the header repeats on every page, pages are numbered, a long name wraps in its column and is never cut', async () => {
    const long =
      '以太坊生态里一个名字非常非常非常非常非常非常非常非常非常非常非常非常非常非常非常非常非常长的去中心化交易项目';
    const rows: ExportRow[] = Array.from({ length: 120 }, (_, i) => ({
      ...SAMPLE_ROWS[0],
      name: `${i} ${long}`,
      rank: i + 1,
    }));
    const { path } = await writePdfFile('pages', [sampleTable('projects', rows)], 'en');

    const pages = pageCount(path);
    expect(pages).toBeGreaterThanOrEqual(3);
    const last = pdfText(path, pages);
    expect(last).toContain('项目名称');
    expect(last).toContain(`Page ${pages}`);
    expect(pdfText(path, 1)).toContain('Generated at: 2026-11-24 09:00 UTC');
    // Wrapped, not cut: no ellipsis, and the name's end is on the page (on the row's last line).
    expect(pdfText(path, 1)).not.toContain('…');
    expect(pdfText(path, 1)).toContain('去中心化交易项目');
  });

  test(`stops at PDF_ROW_LIMIT (${PDF_ROW_LIMIT}) rows with a line pointing to csv/xlsx, without reading the rest`, async () => {
    let read = 0;
    async function* many(): AsyncGenerator<ExportRow> {
      for (let i = 0; i < PDF_ROW_LIMIT + 1_000; i += 1) {
        read += 1;
        yield { name: `项目 ${i}`, rank: i + 1, heat: i / 3 };
      }
    }
    const { path, rowCounts } = await writePdfFile('cap', [{ ...sampleTable(), rows: many() }]);

    expect(rowCounts).toEqual({ projects: PDF_ROW_LIMIT });
    expect(read).toBe(PDF_ROW_LIMIT + 1);
    const last = pdfText(path, pageCount(path));
    expect(last).toContain(`项目 ${PDF_ROW_LIMIT - 1}`);
    expect(last.replace(/\s+/g, '')).toContain('PDF最多包含5,000行：其余行已截断。完整数据请导出为CSV或XLSX。');
  });

  test('a 200-row pdf embeds only a subset of the 10 MB font', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ ...SAMPLE_ROWS[i % SAMPLE_ROWS.length], rank: i + 1 }));
    const { path, size } = await writePdfFile('size', [sampleTable('projects', rows)]);

    expect(execFileSync('pdffonts', [path], { encoding: 'utf8' })).toMatch(
      /[A-Z]{6}\+NotoSansSC-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/,
    );
    expect(size).toBeLessThan(150_000); // measured 42 KB
  });

  test('an empty table says so; zipped gives <base>.pdf plus <base>.metadata.json', async () => {
    const { out, bytes } = collectOutput();

    await writeExport('pdf', sampleDocument([sampleTable('projects', [])]), out, { ...OPTIONS, zip: true });

    const entries = readZipEntries(bytes());
    expect([...entries.keys()]).toEqual(['projects.pdf', 'projects.metadata.json']);
    const path = join(dir, 'empty.pdf');
    writeFileSync(path, entries.get('projects.pdf')!);
    expect(pdfText(path)).toContain('没有符合条件的数据。');
  });
});
