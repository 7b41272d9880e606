import { pause } from '../../sources/http.ts';

/**
 * One source's rate limit: each call to the returned function waits until `intervalMs` after the previous start (or
 * rejects with the stop signal's reason as soon as `signal` is aborted).
 */
export function createPacer(intervalMs: number, signal?: AbortSignal): () => Promise<void> {
  let next = 0;
  return async () => {
    const wait = next - Date.now();
    next = Math.max(Date.now(), next) + intervalMs;
    if (wait > 0) await pause(wait, signal);
    else signal?.throwIfAborted();
  };
}
