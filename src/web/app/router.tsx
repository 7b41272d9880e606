import { type ComponentType, lazy, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation, useParams, useRoutes } from 'react-router';
import { loadNamespaces, type RouteNamespace } from '../lib/i18n.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { AppShell } from './shell/app-shell.tsx';
import { NotFoundRedirect } from './shell/not-found-redirect.tsx';
import { RouteErrorBoundary } from './shell/route-error.tsx';

// Every page is its own chunk (route-level code splitting); AppShell's Suspense shows the spec's spinner meanwhile.
type PageComponent = () => ReactNode;

type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** A lazily loaded page; `namespaces` are texts only this page uses, loaded together with its code. */
function page<K extends string>(
  load: () => Promise<Record<K, PageComponent>>,
  name: K,
  namespaces: RouteNamespace[] = [],
): LazyPage {
  let loading: Promise<{ default: PageComponent }> | undefined;
  const loadPage = () => {
    loading ??= (async () => {
      // Offline, a chunk not cached yet waits for the network instead of failing for good (lib/load-chunk.ts).
      const [module] = await Promise.all([loadChunk(load), loadChunk(() => loadNamespaces(...namespaces))]);
      const Page: PageComponent = module[name];
      return { default: Page };
    })();
    return loading;
  };
  return Object.assign(lazy(loadPage), { preload: loadPage });
}

// `auth`: the sign-in pages, and every page behind the sign-in prompt (require-sign-in.tsx) or with an account form.
const ACCOUNT_TEXTS: RouteNamespace[] = ['tasks', 'account', 'points'];
// The comparison's texts: its page, and the project page's and directory's ways into it (link, checkboxes, trend), and
// the sector page's trend.
const COMPARE_TEXTS: RouteNamespace[] = ['compare'];

const HomePage = page(() => import('./routes/home.tsx'), 'HomePage', ['analysis']);
const ToolHomePage = page(() => import('./routes/home-tool.tsx'), 'ToolHomePage', ['sectors']);
const InvestorHomePage = page(() => import('./routes/home-investor.tsx'), 'InvestorHomePage', ['analysis']);
const DataToolHomePage = page(() => import('./routes/home-data-tool.tsx'), 'DataToolHomePage', ['project']);
// The directory's rows carry a watchlist star (signed-in users): its menu speaks the watchlists' texts.
const DirectoryPage = page(() => import('./routes/directory.tsx'), 'DirectoryPage', [...COMPARE_TEXTS, 'watchlists']);
// The project page carries the compare link, the "add to watchlist" and the "alert" buttons.
const ProjectPage = page(() => import('./routes/project.tsx'), 'ProjectPage', [
  'auth',
  'project',
  'sharing',
  ...COMPARE_TEXTS,
  'watchlists',
  'alerts',
  'analysis',
  'membership',
]);
const ComparePage = page(() => import('./routes/compare.tsx'), 'ComparePage', [...COMPARE_TEXTS, 'membership']);
const SectorsPage = page(() => import('./routes/sectors.tsx'), 'SectorsPage', ['sectors']);
const SectorPage = page(() => import('./routes/sector.tsx'), 'SectorPage', [
  'sectors',
  ...COMPARE_TEXTS,
  'alerts',
  'analysis',
  'membership',
]);
const AnalyticsPage = page(() => import('./routes/analytics.tsx'), 'AnalyticsPage', ['analysis']);
const PlatformsPage = page(() => import('./routes/platforms.tsx'), 'PlatformsPage', ['platforms']);
const PlatformPage = page(() => import('./routes/platform.tsx'), 'PlatformPage', ['platforms']);
const MembershipCryptoPage = page(() => import('./routes/membership-crypto.tsx'), 'MembershipCryptoPage', [
  'auth',
  'payments',
  'membership',
]);
// The membership page states the support response targets (features/support).
const MembershipPage = page(() => import('./routes/membership.tsx'), 'MembershipPage', [
  'payments',
  'support',
  'membership',
]);
const PaymentReturnPage = page(() => import('./routes/payment-return.tsx'), 'PaymentReturnPage', ['auth', 'payments']);
const TasksPage = page(() => import('./routes/tasks.tsx'), 'TasksPage', ['auth', ...ACCOUNT_TEXTS]);
const SearchPage = page(() => import('./routes/search.tsx'), 'SearchPage', ['search', 'sharing', 'membership']);
const AuthPage = page(() => import('./routes/auth.tsx'), 'AuthPage', ['auth']);
const AuthCallbackPage = page(() => import('./routes/auth.tsx'), 'AuthCallbackPage', ['auth']);
const AboutPage = page(() => import('./routes/about.tsx'), 'AboutPage', ['pages']);
const MethodologyPage = page(() => import('./routes/methodology.tsx'), 'MethodologyPage', ['methodology']);
const PrivacyPage = page(() => import('./routes/privacy.tsx'), 'PrivacyPage', ['pages']);
const TermsPage = page(() => import('./routes/terms.tsx'), 'TermsPage', ['pages']);
const ContactPage = page(() => import('./routes/contact.tsx'), 'ContactPage', ['pages']);
const StatusPage = page(() => import('./routes/status.tsx'), 'StatusPage', ['pages', 'ingestion']);
const ProfilePage = page(() => import('./routes/profile.tsx'), 'ProfilePage', [
  'auth',
  ...ACCOUNT_TEXTS,
  'payments',
  'project',
]);
const SettingsPage = page(() => import('./routes/settings.tsx'), 'SettingsPage', ['auth', ...ACCOUNT_TEXTS]);
const WatchlistsPage = page(() => import('./routes/watchlists.tsx'), 'WatchlistsPage', [
  'auth',
  'watchlists',
  'sharing',
  ...COMPARE_TEXTS,
]);
// A list's page ticks 2–5 of its projects for the comparison.
const WatchlistPage = page(() => import('./routes/watchlists.tsx'), 'WatchlistPage', [
  'auth',
  'watchlists',
  'sharing',
  ...COMPARE_TEXTS,
]);
const DashboardPage = page(() => import('./routes/dashboard.tsx'), 'DashboardPage', ['auth', 'dashboard']);
const AlertsPage = page(() => import('./routes/alerts.tsx'), 'AlertsPage', ['auth', 'alerts']);
const ExportsPage = page(() => import('./routes/exports.tsx'), 'ExportsPage', ['auth', 'exports']);
// Not /api: that prefix is the server's JSON namespace (a 404 there, never the web app) and proxies route it there.
const ApiAccessPage = page(() => import('./routes/api-access.tsx'), 'ApiAccessPage', ['auth', 'api']);
const DbSetupPage = page(() => import('./routes/db-setup.tsx'), 'DbSetupPage', ['auth', 'database']);
const AdminPage = page(() => import('./routes/admin.tsx'), 'AdminPage', [
  'auth',
  'admin',
  'support',
  'methodology',
  'membership',
]);
const SupportPage = page(() => import('./routes/support.tsx'), 'SupportPage', ['auth', 'support', 'membership']);
const TwitterDebugPage = page(() => import('./routes/twitter-debug.tsx'), 'TwitterDebugPage', ['auth', 'admin']);
const TeamPage = page(() => import('./routes/team.tsx'), 'TeamPage', ['auth', 'teams']);
const TeamJoinPage = page(() => import('./routes/team.tsx'), 'TeamJoinPage', ['auth', 'teams']);
const NotificationsPage = page(() => import('./routes/notifications.tsx'), 'NotificationsPage', [
  'auth',
  'notifications',
]);

/** Spec §2 redirects; the query string is kept so an old shared link keeps its filters. */
export const REDIRECTS = [
  { from: '/projects', to: '/directory' },
  { from: '/heat', to: '/sectors' },
  { from: '/ecosystem', to: '/platforms' },
] as const;

function RedirectWithSearch({ to }: { to: string }) {
  return <Navigate to={{ pathname: to, search: window.location.search }} replace />;
}

/**
 * /projects/:id → /project/:id: alert notifications once stored that link (they stay in users' lists), and the
 * plural is an easy guess; the page is the singular one.
 */
function ProjectLinkRedirect() {
  const { id = '' } = useParams();
  return <RedirectWithSearch to={`/project/${encodeURIComponent(id)}`} />;
}

/** A page that fails to load or render shows the error screen inside the shell; another page starts afresh. */
function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    children: [
      {
        Component: PageErrorBoundary,
        children: [
          { index: true, Component: HomePage },
          { path: 'tool', Component: ToolHomePage },
          { path: 'investor', Component: InvestorHomePage },
          { path: 'data-tool', Component: DataToolHomePage },
          { path: 'directory', Component: DirectoryPage },
          { path: 'project/:id', Component: ProjectPage },
          { path: 'projects/:id', Component: ProjectLinkRedirect },
          { path: 'sectors', Component: SectorsPage },
          { path: 'sectors/:id', Component: SectorPage },
          { path: 'platforms', Component: PlatformsPage },
          { path: 'platforms/:id', Component: PlatformPage },
          { path: 'analytics', Component: AnalyticsPage },
          { path: 'membership', Component: MembershipPage },
          { path: 'membership/crypto', Component: MembershipCryptoPage },
          { path: 'membership/return', Component: PaymentReturnPage },
          { path: 'tasks', Component: TasksPage },
          { path: 'search', Component: SearchPage },
          { path: 'compare', Component: ComparePage },
          { path: 'auth', Component: AuthPage },
          { path: 'login', Component: AuthPage },
          { path: 'auth/callback', Component: AuthCallbackPage },
          { path: 'about', Component: AboutPage },
          { path: 'methodology', Component: MethodologyPage },
          { path: 'privacy', Component: PrivacyPage },
          { path: 'terms', Component: TermsPage },
          { path: 'contact', Component: ContactPage },
          { path: 'status', Component: StatusPage },
          { path: 'profile', Component: ProfilePage },
          { path: 'settings', Component: SettingsPage },
          { path: 'watchlists', Component: WatchlistsPage },
          { path: 'watchlists/:id', Component: WatchlistPage },
          { path: 'dashboard', Component: DashboardPage },
          { path: 'alerts', Component: AlertsPage },
          { path: 'exports', Component: ExportsPage },
          { path: 'notifications', Component: NotificationsPage },
          { path: 'team', Component: TeamPage },
          { path: 'team/join', Component: TeamJoinPage },
          { path: 'support', Component: SupportPage },
          { path: 'api-access', Component: ApiAccessPage },
          { path: 'db-setup', Component: DbSetupPage },
          { path: 'admin', Component: AdminPage },
          { path: 'twitter-debug', Component: TwitterDebugPage },
          ...REDIRECTS.map(({ from, to }) => ({ path: from.slice(1), element: <RedirectWithSearch to={to} /> })),
          { path: '*', Component: NotFoundRedirect },
        ],
      },
    ],
  },
];

/**
 * Starts loading the page at `pathname` (its code and texts) at once, settling when they are in (a failure settles
 * too: it shows when the page renders). The first render waits for it (app/first-render.ts), so the first page's
 * chunk is neither fetched only after the first render nor painted after a loading screen.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const Page = route.Component as Partial<LazyPage> | undefined;
    return Page?.preload?.().catch(() => undefined); // a failure shows when the page renders
  });
  return Promise.all(loads);
}

/**
 * The app's routes, matched by the declarative router (BrowserRouter in main.tsx): the data router's loaders and
 * actions are not used here, and leaving them out keeps about 17 kB (gzipped) off every first page load.
 */
export function AppRoutes() {
  return <RouteErrorBoundary standalone>{useRoutes(routes)}</RouteErrorBoundary>;
}
