import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { catalogueAliasIndex, findAliasHits } from './aliases.service.ts';
import { readCatalogue } from './catalogue.data.ts';

describe('project aliases (data/aliases.json + Wikipedia titles)', () => {
  test('every curated alias belongs to a catalogue project, and none is another project’s name or symbol', () => {
    const curated = JSON.parse(
      readFileSync(fileURLToPath(new URL('./data/aliases.json', import.meta.url)), 'utf8'),
    ) as Record<string, string[]>;
    const projects = readCatalogue().projects;
    const ids = new Set(projects.map((p) => p.id));
    for (const id of Object.keys(curated)) expect(ids.has(id), id).toBe(true);
    for (const [id, aliases] of Object.entries(curated)) {
      for (const alias of aliases) {
        const owner = projects.find(
          (p) => p.id !== id && [p.name, p.symbol].some((n) => n?.toLowerCase() === alias.toLowerCase()),
        );
        expect(owner?.id, `${id}: ${alias}`).toBeUndefined();
      }
    }
  });

  test('the index holds the curated aliases and the Wikipedia titles without their qualifier', () => {
    const index = catalogueAliasIndex();
    expect(index.get('ethereum')).toEqual(expect.arrayContaining(['以太坊', 'Ether', 'Ethereum']));
    expect(index.get('solana')).toContain('Solana'); // "Solana (blockchain platform)"
    expect(index.get('ens')).toContain('Ethereum Name Service');
  });

  test('hits are exact, prefix or contains, compared in NFKC lower case', () => {
    expect(findAliasHits('以太坊').exact).toContain('ethereum');
    expect(findAliasHits('以太').prefix).toContain('ethereum');
    expect(findAliasHits('太坊').contains).toContain('ethereum');
    expect(findAliasHits('ＲＩＰＰＬＥ').exact).toEqual(['xrp']);
    expect(findAliasHits('   ')).toEqual({ exact: [], prefix: [], contains: [] });
    expect(findAliasHits("&|!():*'")).toEqual({ exact: [], prefix: [], contains: [] });
  });
});
