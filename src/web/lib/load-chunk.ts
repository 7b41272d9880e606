/** Tries of a chunk while online before the route's error screen shows (a deploy may have removed the file). */
export const ONLINE_CHUNK_ATTEMPTS = 3;

export type ChunkEnvironment = {
  isOnline: () => boolean;
  /** Resolves on the next `online` event. */
  untilOnline: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
};

const browser: ChunkEnvironment = {
  isOnline: () => navigator.onLine,
  untilOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Loads a lazy route's code. Offline, a failed load waits for the network and tries again (the page keeps its
 * spinner and the offline banner says why) instead of failing for good: React.lazy remembers a rejection for ever,
 * so the unrecoverable error screen would stay after the connection returned. Online, it tries a few times, then
 * fails to the route's error screen.
 */
export async function loadChunk<T>(load: () => Promise<T>, env: ChunkEnvironment = browser): Promise<T> {
  let onlineFailures = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!env.isOnline()) {
        await env.untilOnline();
        continue;
      }
      onlineFailures += 1;
      if (onlineFailures >= ONLINE_CHUNK_ATTEMPTS) throw error;
      await env.sleep(500 * onlineFailures);
    }
  }
}
