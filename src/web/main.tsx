import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { CrashBoundary } from './app/shell/crash-boundary.tsx';
import { initI18n } from './lib/i18n.ts';
import { applyTheme } from './lib/theme.ts';

applyTheme();
await initI18n().catch((error: unknown) => console.error('UI texts failed to load', error));

// The app shell for offline use (vite.config.ts): production builds only, so development never serves stale code.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register')
    .then(({ registerSW }) => registerSW({ immediate: true }))
    .catch((error: unknown) => console.error('offline support unavailable', error));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <CrashBoundary>
        <RouterProvider router={createRouter()} />
      </CrashBoundary>
    </Providers>
  </StrictMode>,
);
