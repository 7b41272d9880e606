import type { Platform } from '../../../shared/api/platforms.schema.ts';
import { slugify } from '../../../shared/slugify.ts';

/** A project that may be a chain itself (a Layer1, a Layer2 or a rollup), as chain-layer reads it. */
export type ChainProject = { id: string; name: string; category: string; tags: readonly string[] };

// Tags the catalogue gives rollups and Bitcoin L2s whose sector is not Layer2 (Starknet and zkSync Era are in ZK).
const L2_TAGS = new Set(['optimistic-rollup', 'zk-rollup', 'based-rollup', 'bitcoin-l2']);

function layerOfProject(project: ChainProject): Platform['layer'] {
  if (project.category === 'Layer2' || project.tags.some((tag) => L2_TAGS.has(tag))) return 'L2';
  if (project.category === 'Layer1' || project.tags.includes('layer1')) return 'L1';
  return null;
}

/**
 * Whether `project` is the chain named `chain`: its id or name is the chain's slug ("BNB Chain" ↔ bnb-chain), or
 * the chain's slug is its id plus a suffix ("zkSync Era" ↔ zksync). A protocol that merely runs on the chain
 * (Loopring on Ethereum, Lightning on Bitcoin) never matches, so it cannot relabel the chain.
 */
function isChainItself(project: ChainProject, chain: string): boolean {
  const slug = slugify(chain);
  return project.id === slug || slugify(project.name) === slug || slug.startsWith(`${project.id}-`);
}

/** 'L1' | 'L2' of a chain platform from the project that is that chain (exact matches first); null when none is. */
export function chainLayerOf(chain: string, projects: readonly ChainProject[]): Platform['layer'] {
  const slug = slugify(chain);
  const matches = projects.filter((project) => isChainItself(project, chain));
  const exact = matches.find((project) => project.id === slug || slugify(project.name) === slug);
  const home = exact ?? matches[0];
  return home ? layerOfProject(home) : null;
}
