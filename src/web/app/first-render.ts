import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../features/auth/api.ts';
import { siteQueryOptions } from '../features/site/api.ts';
import { dataStateQueryOptions } from '../features/system/api.ts';
import { primeFormats } from '../lib/format.ts';
import { initI18n } from '../lib/i18n.ts';
import { type FirstPageLocation, prefetchFirstPage } from './first-page-queries.ts';
import { preloadPage } from './router.tsx';

/** The longest the first render waits for the page's code and first answers before it shows the loading page. */
export const FIRST_RENDER_WAIT_MS = 3000;

/**
 * What the first render waits for, all requested at once: the UI texts, the first page's code and texts, the two
 * answers the shell holds a page back for (the data state, whose notice would push the page down, and the site, which
 * words the loading page), the session (a member's first paint is a member's — the header's account menu, what their
 * level unlocks — not a visitor's page that changes under their first click), and on the most visited pages the
 * answers their first screen shows (first-page-queries.ts). Rendered before them, a phone paints the loading page,
 * lays it out, and lays the page out again a moment later: its largest text comes one round trip and one layout late
 * (Lighthouse's LCP). Offline the answers cannot come: the page renders with the texts and code (the service worker's
 * copies) and its offline state.
 */
export async function prepareFirstRender(queryClient: QueryClient, location: FirstPageLocation): Promise<void> {
  const pageLoaded = preloadPage(location.pathname);
  // One attempt each (no retries): a server that does not answer holds the first paint back no longer than its first
  // failure; the page then shows its offline or error state and the queries retry as usual once mounted.
  const answers = navigator.onLine
    ? [
        queryClient.prefetchQuery({ ...dataStateQueryOptions(), retry: false }),
        queryClient.prefetchQuery({ ...siteQueryOptions(), retry: false }),
        queryClient.prefetchQuery({ ...sessionQueryOptions(), retry: false }),
        ...prefetchFirstPage(queryClient, location),
      ]
    : [];
  await initI18n().catch((error: unknown) => console.error('UI texts failed to load', error));
  primeFormats();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS);
  });
  await Promise.race([Promise.all([pageLoaded, ...answers]), deadline]);
  clearTimeout(timer);
}
