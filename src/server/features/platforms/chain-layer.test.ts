import { describe, expect, test } from 'vitest';
import { type ChainProject, chainLayerOf } from './chain-layer.ts';

const projects: ChainProject[] = [
  { id: 'ethereum', name: 'Ethereum', category: 'Layer1', tags: ['evm'] },
  { id: 'loopring', name: 'Loopring', category: 'Layer2', tags: ['zk-rollup'] },
  { id: 'arbitrum', name: 'Arbitrum', category: 'Layer2', tags: [] },
  { id: 'zksync', name: 'ZKsync', category: 'ZK', tags: ['zk-rollup'] },
  { id: 'bnb-chain', name: 'BNB Chain', category: 'Layer1', tags: [] },
  { id: 'ronin', name: 'Ronin', category: 'GameFi', tags: ['gaming-chain'] },
];

describe('chainLayerOf', () => {
  test.each([
    ['Ethereum', 'L1'],
    ['Arbitrum', 'L2'],
    ['zkSync Era', 'L2'],
    ['BNB Chain', 'L1'],
    ['Ronin', null],
    ['Cosmos', null],
  ] as const)('%s → %s', (chain, layer) => {
    expect(chainLayerOf(chain, projects)).toBe(layer);
  });
});
