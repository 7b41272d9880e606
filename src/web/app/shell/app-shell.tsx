import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toaster.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RealtimeBridge } from '../../features/realtime/components/realtime-bridge.tsx';
import { useDataState } from '../../features/system/api.ts';
import { afterFirstPage, markFirstPageShown } from '../../lib/after-first-page.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { useNumberStyle } from '../../lib/number-style.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AccountPreferencesSync } from '../account-preferences-sync.tsx';
import { invalidationsForBatch } from '../live-updates.ts';
import { Navbar } from './navbar.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { PageLoading } from './page-loading.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';

// Only admins previewing a level ever see the banner: its code stays off everyone else's first load.
const TestModeBanner = lazy(async () => {
  const [module] = await Promise.all([
    loadChunk(() => import('../../features/membership/components/test-mode.tsx')),
    loadChunk(() => loadNamespaces('membership')),
  ]);
  return { default: module.TestModeBanner };
});

// The footer sits below the first screen (<main> is at least a screen tall): its code, the channels and the display
// switches load after the first page (lib/after-first-page.ts), and it appears without moving anything the reader sees.
const Footer = lazy(async () => {
  await afterFirstPage();
  return { default: (await loadChunk(() => import('./footer.tsx'))).Footer };
});

/** Rendered after the route's page inside its Suspense: mounts once the page's code has loaded and it has rendered. */
function PageShown() {
  useEffect(markFirstPageShown, []);
  return null;
}

// Only accounts with an e-mail still to verify see this banner: its code and texts load when one does.
const UnverifiedEmailBanner = lazy(async () => {
  const [module] = await Promise.all([
    loadChunk(() => import('../../features/auth/components/unverified-email-banner.tsx')),
    loadChunk(() => loadNamespaces('auth')),
  ]);
  return { default: module.UnverifiedEmailBanner };
});

/** Layout of every page: skip link, sticky navbar, the route (loaded on demand), footer and the toast region. */
export function AppShell() {
  const { t } = useTranslation('app');
  // One page instance per path: /project/a → /project/b (or /auth → /login) starts fresh instead of carrying the
  // previous page's local state; a chunk not loaded yet shows the spinner.
  const { pathname } = useLocation();
  useScrollRestoration();
  // Numbers are formatted while rendering: a new 万/亿 or K/M/B choice renders the page again (data stays cached).
  const numberStyle = useNumberStyle();
  // Test mode shows on every page while on (spec §1/§6): the session says so, the server owns the value.
  const session = useSession().data;
  const testLevel = session?.membership.testLevel ?? null;
  // "Email not verified" (spec §8) shows on every page until the link is followed; an account without an e-mail has
  // nothing to verify.
  const unverifiedEmail = session?.user.email && !session.user.emailVerified ? session.user.email : null;
  // Pages with market figures open with the data-state notice (sample or stale figures): a page shown before the
  // state is known would be pushed down when the notice arrives, so pages wait for it — but not for its retries: offline
  // or with the server unreachable it would not come, and the page shows its own offline state.
  const dataState = useDataState();
  const dataStateKnown = !dataState.isPending || dataState.fetchStatus === 'paused' || dataState.failureCount > 0;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      {/* A stream's user is fixed when it opens: signing in or out opens a new one. */}
      {/* Keyed by user and level too: the server fixes a stream's update mode (live or every 5 minutes) at connect. */}
      <RealtimeBridge
        key={`${session?.user.id ?? 'visitor'}:${session?.membership.level ?? 'free'}`}
        invalidationsFor={invalidationsForBatch}
      />
      <AccountPreferencesSync />
      <Navbar />
      <OfflineBanner />
      {unverifiedEmail && (
        <Suspense fallback={null}>
          <UnverifiedEmailBanner email={unverifiedEmail} />
        </Suspense>
      )}
      {testLevel && (
        <Suspense fallback={null}>
          <TestModeBanner testLevel={testLevel} />
        </Suspense>
      )}
      {/* At least a screen tall: the footer starts below the first screen, so a page replacing its spinner or skeleton
          with taller content never moves it (a layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        <Suspense key={`${pathname}:${numberStyle}`} fallback={<PageLoading />}>
          {dataStateKnown ? (
            <>
              <Outlet />
              <PageShown />
            </>
          ) : (
            <PageLoading />
          )}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Toaster regionLabel={t('toast.region')} closeLabel={t('toast.close')} />
    </div>
  );
}
