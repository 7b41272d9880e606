import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Catalogue, readCatalogue } from './catalogue.data.ts';

// Beside the catalogue's projects-*.json (scripts/build-server.mjs copies the folder next to the bundle).
const ALIASES_FILE = fileURLToPath(new URL('./data/aliases.json', import.meta.url));

const AliasFileSchema = z.record(z.string().min(1), z.array(z.string().trim().min(1).max(60)).max(20));

/** Lower-case, NFKC (full-width Ｅ → e): how a name and what someone types are compared. */
export const normaliseName = (text: string) => text.normalize('NFKC').toLowerCase().trim();

/**
 * The other names people look a catalogue project up by, per project id (docs/search.md "Names and aliases"): the
 * curated aliases.json (Chinese names such as 以太坊, common English ones such as Ripple or MakerDAO) and the
 * project's Wikipedia titles (en, zh; a title's "(blockchain platform)" qualifier dropped). Static data shipped with
 * the server: no column holds them (a search needs no migration), and a project added by an admin is found by its
 * name and symbol.
 */
export function buildAliasIndex(catalogue: Catalogue, curated: Record<string, string[]>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const add = (id: string, alias: string | undefined) => {
    const name = alias?.replace(/\s*\([^)]*\)\s*$/, '').trim();
    if (!name) return;
    const list = index.get(id) ?? [];
    if (!list.some((a) => normaliseName(a) === normaliseName(name))) list.push(name);
    index.set(id, list);
  };
  for (const project of catalogue.projects) {
    for (const alias of curated[project.id] ?? []) add(project.id, alias);
    add(project.id, project.wikipedia?.zh);
    add(project.id, project.wikipedia?.en);
  }
  return index;
}

let cached: Map<string, string[]> | undefined;

/** The alias index of the built-in catalogue, read once per process. */
export function catalogueAliasIndex(): ReadonlyMap<string, readonly string[]> {
  cached ??= buildAliasIndex(readCatalogue(), AliasFileSchema.parse(JSON.parse(readFileSync(ALIASES_FILE, 'utf8'))));
  return cached;
}

/** Project ids whose alias equals q, starts with q, or contains it (each list excludes the ones before it). */
export type AliasHits = { exact: string[]; prefix: string[]; contains: string[] };

export function findAliasHits(
  q: string,
  index: ReadonlyMap<string, readonly string[]> = catalogueAliasIndex(),
): AliasHits {
  const needle = normaliseName(q);
  const hits: AliasHits = { exact: [], prefix: [], contains: [] };
  if (!needle) return hits;
  for (const [id, aliases] of index) {
    const names = aliases.map(normaliseName);
    if (names.some((n) => n === needle)) hits.exact.push(id);
    else if (names.some((n) => n.startsWith(needle))) hits.prefix.push(id);
    else if (names.some((n) => n.includes(needle))) hits.contains.push(id);
  }
  return hits;
}
