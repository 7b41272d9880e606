import type { FieldIssue } from '../../../shared/api/validation-rules.ts';

/**
 * No path (form, API, import) stores an orphan category or a misspelt chain. A project's category must be
 * the name of a sector (a project belongs to the sector whose name equals its category: "Defi" for "DeFi" drops it
 * from every sector page) and each chain must be one projects already list, or one the writer adds on purpose
 * (`newChains`; an import file's `chains`). Names compare exactly; a near miss is suggested, never taken.
 */
export type KnownNames = { sectors: ReadonlySet<string>; chains: ReadonlySet<string> };

const loose = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

function suggest(value: string, known: ReadonlySet<string>): string {
  const key = loose(value);
  for (const name of known) if (loose(name) === key) return name;
  return '';
}

/** The fields of one project that name a sector or chain that does not exist; [] when all do. */
export function findReferenceIssues(
  project: { category: string; chains: readonly string[] },
  known: KnownNames,
  newChains: readonly string[] = [],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!known.sectors.has(project.category)) {
    const suggestion = suggest(project.category, known.sectors);
    issues.push({ field: 'category', rule: 'unknownSector', params: { value: project.category, suggestion } });
  }
  const added = new Set(newChains);
  project.chains.forEach((chain, index) => {
    if (known.chains.has(chain) || added.has(chain)) return;
    const suggestion = suggest(chain, known.chains);
    issues.push({ field: `chains.${index}`, rule: 'unknownChain', params: { value: chain, suggestion } });
  });
  const seen = new Set<string>();
  project.chains.forEach((chain, index) => {
    if (seen.has(chain)) issues.push({ field: `chains.${index}`, rule: 'duplicate', params: { value: chain } });
    seen.add(chain);
  });
  return issues;
}
