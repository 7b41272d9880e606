import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// No import circle, type-only imports included (a type circle still couples the files): none between the server's
// files, and none between folders of the server or of the web app (a loop of folders means no folder can be read,
// tested or moved without the others). Lint fences say which folder may import which; this test says the graph has
// no cycle at all.

const SERVER_DIR = dirname(fileURLToPath(import.meta.url));
const WEB_DIR = resolve(SERVER_DIR, '../web');
/** Static imports and re-exports; `import('…')` too, since a lazy import couples two folders as much as a static one. */
const IMPORT_PATTERN = /(?:(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+|\bimport\(\s*)'(\.{1,2}\/[^']+)'/g;
const STATIC_IMPORT_PATTERN = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/g;

type Graph = Map<string, string[]>;

/**
 * The source files under `dir`, tests left out. Test helpers (`*.test-support.ts`, the server's `test/`) build the
 * whole app, so they sit above every folder: they are left out too. Migrations are SQL.
 */
function listSourceFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = entry.name === 'migrations' || (entry.name === 'test' && dir === root);
      return skipped ? [] : listSourceFiles(path, root);
    }
    const isSource =
      /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return isSource ? [path] : [];
  });
}

function readImportGraph(files: string[], pattern: RegExp): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(pattern)].map((match) => resolve(dirname(file), match[1] ?? ''));
    graph.set(
      file,
      targets.filter((target) => known.has(target)),
    );
  }
  return graph;
}

/**
 * The folder a file belongs to, relative to `root`: `features/<name>` for a feature, the first folder otherwise
 * (`db`, `runs`, `jobs`, `app`, `lib`…), and the file itself at the root (`app.ts`, `config.ts`, `main.tsx`).
 */
function folderOf(root: string, file: string): string {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? '';
}

/** The folder graph: an edge per pair of folders with at least one file importing the other, with one such import. */
function toFolderGraph(root: string, files: Graph): { graph: Graph; example: Map<string, string> } {
  const graph: Graph = new Map();
  const example = new Map<string, string>();
  for (const [file, targets] of files) {
    const from = folderOf(root, file);
    if (!graph.has(from)) graph.set(from, []);
    for (const target of targets) {
      const to = folderOf(root, target);
      if (to === from || example.has(`${from} → ${to}`)) continue;
      graph.get(from)?.push(to);
      example.set(`${from} → ${to}`, `${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return { graph, example };
}

/** Every cycle found by a depth-first walk, each as the list of files from its first file back to it. */
function findCycles(graph: Graph): string[][] {
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

/**
 * The strongly connected groups of more than one node (Tarjan): each is a set of folders that all reach each other,
 * however many cycles run through it. Sorted, so a failure reads the same on every run.
 */
function findLoops(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Each folder loop as its members and the imports that close it (one example file per folder edge). */
function describeFolderLoops(root: string): string[] {
  const { graph, example } = toFolderGraph(root, readImportGraph(listSourceFiles(root), IMPORT_PATTERN));
  return findLoops(graph).map((loop) => {
    const members = new Set(loop);
    const edges = [...example]
      .filter(([edge]) => {
        const [from, to] = edge.split(' → ');
        return members.has(from ?? '') && members.has(to ?? '');
      })
      .map(([edge, file]) => `${edge} (${file})`)
      .sort();
    return `${loop.join(', ')}:\n  ${edges.join('\n  ')}`;
  });
}

describe('the server import graph', () => {
  test('has no file cycle, type-only imports included', () => {
    const graph = readImportGraph(listSourceFiles(SERVER_DIR), STATIC_IMPORT_PATTERN);

    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(SERVER_DIR, file)).join(' → '));

    expect(graph.size).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });

  test('has no folder cycle (features/<name>, runs, jobs, db, events, plugins, sources…)', () => {
    expect(describeFolderLoops(SERVER_DIR)).toEqual([]);
  });
});

describe('the web import graph', () => {
  test('has no folder cycle (app, features/<name>, components, lib)', () => {
    const folders = new Set(listSourceFiles(WEB_DIR).map((file) => folderOf(WEB_DIR, file)));

    const loops = describeFolderLoops(WEB_DIR);

    expect([...folders]).toEqual(expect.arrayContaining(['app', 'components', 'lib', 'features/projects']));
    expect(loops).toEqual([]);
  });
});

describe('the cycle finders', () => {
  test('the file walk finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);

    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  test('files of two folders importing each other make one folder loop, whatever the files', () => {
    const root = '/r';
    const files: Graph = new Map([
      ['/r/features/a/a.service.ts', ['/r/runs/run-log.ts']],
      ['/r/runs/run-log.ts', ['/r/db/client.ts']],
      ['/r/runs/sync-status.ts', ['/r/features/a/a.queries.ts']],
      ['/r/features/a/a.queries.ts', ['/r/db/client.ts']],
      ['/r/db/client.ts', []],
      ['/r/app.ts', ['/r/features/a/a.service.ts']],
    ]);

    const { graph } = toFolderGraph(root, files);

    expect(findLoops(graph)).toEqual([['features/a', 'runs']]);
  });

  test('a tree of folders has no loop', () => {
    const graph: Graph = new Map([
      ['app.ts', ['features/a', 'jobs']],
      ['jobs', ['features/a', 'runs']],
      ['features/a', ['runs', 'db']],
      ['runs', ['db']],
    ]);

    expect(findLoops(graph)).toEqual([]);
  });

  test('folders: a feature by name, other folders by their first segment, root files by themselves', () => {
    expect(folderOf('/r', '/r/features/heat/heat.routes.ts')).toBe('features/heat');
    expect(folderOf('/r', '/r/db/schema/heat.ts')).toBe('db');
    expect(folderOf('/r', '/r/app/routes/home.tsx')).toBe('app');
    expect(folderOf('/r', '/r/app.ts')).toBe('app.ts');
  });
});
