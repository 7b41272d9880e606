import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, expect, test } from 'vitest';
import { resolveCjkFont } from './pdf-font.ts';
import { SKIP_WITHOUT_POPPLER } from './test-support.ts';

// The production server is one esbuild bundle in dist/server/ with packages left in node_modules
// (scripts/build-server.mjs). The font is found by module resolution from the bundle, so a bundle built the same way
// in a mirror of that layout must still write a pdf with the Chinese font embedded.

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const dir = mkdtempSync(join(tmpdir(), 'heatrank-font-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('resolves both weights of Noto Sans SC from the installed package', () => {
  for (const weight of ['regular', 'bold'] as const) {
    const path = resolveCjkFont(weight);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0])); // TrueType
  }
});

test.skipIf(SKIP_WITHOUT_POPPLER)(
  'a server bundle built like scripts/build-server.mjs finds the font and writes a Chinese pdf',
  async () => {
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { createWriteStream } from 'node:fs';
import { writeExport } from ${JSON.stringify(join(ROOT, 'src/server/features/exports/writers/index.ts'))};
import { sampleDocument } from ${JSON.stringify(join(ROOT, 'src/server/features/exports/writers/test-support.ts'))};
await writeExport('pdf', sampleDocument(), createWriteStream(process.argv[2]), { includeMetadata: true, zip: false, baseName: 'x' });
`,
    );
    const bundle = join(dir, 'dist/server/main.mjs');
    await build({
      entryPoints: [entry],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    const pdf = join(dir, 'out.pdf');

    execFileSync(process.execPath, [bundle, pdf], { cwd: dir });

    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('以太坊');
    expect(execFileSync('pdffonts', [pdf], { encoding: 'utf8' })).toContain('NotoSansSC-Regular');
  },
  60_000,
);
