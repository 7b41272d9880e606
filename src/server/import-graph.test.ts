import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// No import circle in the server, type-only imports included (a type circle still couples the files).
// Lint fences say which folder may import which; this test says the graph has no cycle at all.

const SERVER_DIR = dirname(fileURLToPath(import.meta.url));
const IMPORT_PATTERN = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/g;

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : listSourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts');
    return isSource ? [path] : [];
  });
}

function readImportGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT_PATTERN)].map((match) => resolve(dirname(file), match[1] ?? ''));
    graph.set(
      file,
      targets.filter((target) => known.has(target)),
    );
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files from its first file back to it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('the server import graph', () => {
  test('has no cycle, type-only imports included', () => {
    const graph = readImportGraph(listSourceFiles(SERVER_DIR));

    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(SERVER_DIR, file)).join(' → '));

    expect(graph.size).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });

  test('the walk finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);

    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
