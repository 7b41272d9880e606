import { setTimeout as sleep } from 'node:timers/promises';

/** One source's rate limit: each call to the returned function waits until `intervalMs` after the previous start. */
export function createPacer(intervalMs: number): () => Promise<void> {
  let next = 0;
  return async () => {
    const wait = next - Date.now();
    next = Math.max(Date.now(), next) + intervalMs;
    if (wait > 0) await sleep(wait);
  };
}
