import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// docs/ARCHITECTURE.md is the map newcomers read first: one line per folder. This keeps it true both ways — every
// folder it names exists, and every folder of the mapped levels has its line.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAP = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
/** Folders whose children each get a line (deeper folders, e.g. a web feature's components/, are the feature's). */
const MAPPED_PARENTS = [
  'src',
  'src/shared',
  'src/server',
  'src/server/db',
  'src/server/features',
  'src/web',
  'src/web/app',
  'src/web/components',
  'src/web/features',
  'e2e',
  'scripts',
];
/** Generated or data folders with no code of their own to describe. */
const UNMAPPED = new Set(['src/server/db/migrations/meta', 'src/shared/locales/en', 'src/shared/locales/zh']);

/** The folders the map names, from its code block: an indented `name/` continues the path of the line above it. */
function mappedFolders(): string[] {
  const block = MAP.split('```')[1] ?? '';
  const stack: { indent: number; path: string }[] = [];
  const out: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+\/)\s/.exec(`${line} `);
    if (!match) continue;
    const indent = match[1]?.length ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    // `features/<feature>/` stands for the features folder, whose children follow it one level deeper.
    const name = (match[2] ?? '').replace(/\/$/, '').replace('/<feature>', '');
    const path = [...stack.map((s) => s.path).slice(-1), name].join('/');
    stack.push({ indent, path });
    out.push(path);
  }
  return out;
}

function childFolders(parent: string): string[] {
  const dir = join(ROOT, parent);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
    .map((e) => `${parent}/${e.name}`);
}

describe('docs/ARCHITECTURE.md', () => {
  const mapped = mappedFolders();

  test('names only folders that exist', () => {
    expect(mapped.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  test('has a line for every folder of the mapped levels', () => {
    const expected = MAPPED_PARENTS.flatMap(childFolders).filter((path) => !UNMAPPED.has(path));
    const named = new Set(mapped);
    expect(expected.filter((path) => !named.has(path))).toEqual([]);
  });

  test('keeps each line within 120 characters', () => {
    expect(MAP.split('\n').filter((line) => line.length > 120)).toEqual([]);
  });
});
