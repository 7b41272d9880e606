import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { CrashBoundary } from './app/shell/crash-boundary.tsx';
import { initI18n } from './lib/i18n.ts';
import { applyTheme } from './lib/theme.ts';

applyTheme();
// The first page's code and texts load while the UI texts do, not one round trip after them.
preloadPage(window.location.pathname);
await initI18n().catch((error: unknown) => console.error('UI texts failed to load', error));

// The app shell for offline use (vite.config.ts): production builds only, so development never serves stale code.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register')
    .then(({ registerSW }) => registerSW({ immediate: true }))
    .catch((error: unknown) => console.error('offline support unavailable', error));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: the first render yields to the browser every few milliseconds instead of blocking it for the whole
// tree (Lighthouse's total blocking time on a phone).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <CrashBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </CrashBoundary>
      </Providers>
    </StrictMode>,
  ),
);
