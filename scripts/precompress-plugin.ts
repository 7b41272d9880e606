import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text the server sends as is (images and fonts are compressed already). */
const TEXT_FILE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost (the server's own on-the-fly threshold). */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every built text file, which the server sends as they are
 * (@fastify/static `preCompressed`): once at build time at the highest levels, instead of compressing the same files
 * again on every first visit at the fast levels an on-the-fly compressor must use.
 */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'heatrank:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = textFilesUnder(outDir);
      await Promise.all(
        files.map(async (file) => {
          const body = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

function textFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => TEXT_FILE.test(path) && statSync(path).size >= MIN_BYTES);
}
