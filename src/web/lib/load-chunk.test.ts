import { describe, expect, test } from 'vitest';
import { type ChunkEnvironment, loadChunk, ONLINE_CHUNK_ATTEMPTS } from './load-chunk.ts';

function environment(online: boolean) {
  const state = { online, waits: 0, sleeps: [] as number[], goOnline: () => {} };
  const env: ChunkEnvironment = {
    isOnline: () => state.online,
    untilOnline: () =>
      new Promise((resolve) => {
        state.waits += 1;
        state.goOnline = () => {
          state.online = true;
          resolve();
        };
      }),
    sleep: async (ms) => {
      state.sleeps.push(ms);
    },
  };
  return { env, state };
}

describe('loading a route chunk', () => {
  test('offline: a failed load waits for the network, then succeeds, with no error in between', async () => {
    const { env, state } = environment(false);
    let calls = 0;
    const loading = loadChunk(async () => {
      calls += 1;
      if (!state.online) throw new TypeError('Failed to fetch dynamically imported module');
      return 'page';
    }, env);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.waits).toBe(1);
    state.goOnline();
    await expect(loading).resolves.toBe('page');
    expect(calls).toBe(2);
  });

  test('online: a missing chunk fails after a few tries, to the error screen', async () => {
    const { env, state } = environment(true);
    let calls = 0;
    const failing = loadChunk(async () => {
      calls += 1;
      throw new Error('404');
    }, env);
    await expect(failing).rejects.toThrow('404');
    expect(calls).toBe(ONLINE_CHUNK_ATTEMPTS);
    expect(state.sleeps).toEqual([500, 1000]);
  });
});
