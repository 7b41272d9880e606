import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { prepareFirstRender } from './app/first-render.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { CrashBoundary } from './app/shell/crash-boundary.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { applyTheme } from './lib/theme.ts';

applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const queryClient = createQueryClient();

// Not a top-level await: the page's chunks import this entry's chunk, which must finish evaluating first.
void prepareFirstRender(queryClient, window.location).then(() => {
  // A transition: the first render yields to the browser every few milliseconds instead of blocking it for the whole
  // tree (Lighthouse's total blocking time on a phone).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <CrashBoundary>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </CrashBoundary>
        </Providers>
      </StrictMode>,
    ),
  );
  registerOfflineShell();
});

/** The app shell for offline use (vite.config.ts): production builds only, so development never serves stale code. */
function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register')
    .then(({ registerSW }) => registerSW({ immediate: true }))
    .catch((error: unknown) => console.error('offline support unavailable', error));
}
