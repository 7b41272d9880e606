import { type ComponentProps, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, FlameIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { useSession } from '../../features/auth/api.ts';
import { LanguageSwitcher } from '../../features/preferences/components/language-switcher.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { afterFirstPage } from '../../lib/after-first-page.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { HeaderSearch } from './header-search.tsx';
import { NAV_LINKS } from './nav-links.ts';
import { SyncPopover } from './sync-popover.tsx';

// The bell and its texts load after the page, for signed-in users only: the first page load does not carry them.
const NotificationBell = lazy(async () => {
  const [module] = await Promise.all([
    loadChunk(() => import('../../features/notifications/components/notification-bell.tsx')),
    loadChunk(() => loadNamespaces('notifications')),
  ]);
  return { default: module.NotificationBell };
});

// The account menu and its texts (`auth`) load after the first page (lib/after-first-page.ts): a visitor's first page
// does not carry them.
const UserMenu = lazy(async () => {
  await afterFirstPage();
  const [module] = await Promise.all([
    loadChunk(() => import('../../features/auth/components/user-menu.tsx')),
    loadChunk(() => loadNamespaces('auth')),
  ]);
  return { default: module.UserMenu };
});

/** The account menu, behind the same box it shows while the session loads (so the bar does not move twice). */
function AccountMenu(props: ComponentProps<typeof UserMenu>) {
  return (
    <Suspense
      fallback={
        <span className={props.className} aria-hidden="true">
          <span className="inline-block h-9 w-20" />
        </span>
      }
    >
      <UserMenu {...props} />
    </Suspense>
  );
}

const linkTone = (isActive: boolean) =>
  isActive
    ? 'bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-400'
    : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-3 transition-colors ${linkTone(isActive)}`;
// In the hamburger menu: full-width rows with a bigger touch target.
const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${linkTone(isActive)}`;

// Where the bar switches from the hamburger to the five links (and, `search`, where the project search box fits beside
// them; `searchToggle`: a button that opens it below the bar; `tagline`: the brand's second line, only where the links
// leave room). Measured signed in, with the brand never shrinking: Chinese labels fit from lg (at md the bar was 250 px
// wider than the screen); the English ones ("Project analysis", "Membership centre") need xl, or they wrap onto two
// lines (or push the bar wider than the screen).
const BREAKPOINTS = {
  short: {
    block: 'hidden lg:block',
    flex: 'hidden lg:flex',
    below: 'lg:hidden',
    search: 'hidden xl:block',
    searchToggle: 'hidden lg:block xl:hidden',
    tagline: 'hidden sm:block lg:hidden',
  },
  // English labels are longer: the links wait for xl, and the bar (at most 1280 px wide) never has room for the box.
  long: {
    block: 'hidden xl:block',
    flex: 'hidden xl:flex',
    below: 'xl:hidden',
    search: 'hidden',
    searchToggle: 'hidden xl:block',
    tagline: 'hidden sm:block xl:hidden',
  },
} as const;

/** Sticky top bar: brand, five links, the project search box, the notification bell (signed in), theme, language, sign-in; below BREAKPOINTS a hamburger opens the same links. */
export function Navbar() {
  const { t, i18n } = useTranslation(['app', 'common']);
  const bp = BREAKPOINTS[i18n.language.startsWith('zh') ? 'short' : 'long'];
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const { data: session } = useSession();
  const [brandName, ...brandWords] = t('common:brand').split(' ');
  const brandRest = brandWords.join(' ');

  // Close the menu on navigation, including back/forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        {/* The brand is never cut ("HeatRan…" on a phone): the link does not shrink, and below sm it is the name's
            first word alone (zh "HeatRank 热度榜" → "HeatRank"), without the flame, so a signed-in phone's bar (bell,
            sync, theme, language, menu) still fits at 390 px. */}
        <Link to="/" className="flex shrink-0 items-center gap-2">
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-amber-400 to-brand-600 text-white sm:flex">
            <FlameIcon size={20} />
          </span>
          <span className="flex max-w-56 flex-col leading-tight" data-testid="brand">
            <span className="font-bold whitespace-nowrap">
              {brandName}
              {brandRest && <span className="hidden sm:inline"> {brandRest}</span>}
            </span>
            <span className={`muted truncate text-xs ${bp.tagline}`}>{t('common:tagline')}</span>
          </span>
        </Link>

        <nav aria-label={t('app:nav.main')} className={`ml-2 flex-1 xl:ml-4 ${bp.block}`}>
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {t(`app:nav.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* The box where the links leave room for it (the brand is never squeezed), else a button that opens it. */}
        <HeaderSearch place="bar" className={`ml-auto ${bp.search}`} />

        <div className="ml-auto flex shrink-0 items-center gap-2">
          <HeaderSearch place="toggle" className={bp.searchToggle} />
          {session && (
            <Suspense fallback={<span className="inline-block size-9" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          )}
          <SyncPopover />
          <ThemeToggle />
          <div className={bp.block}>
            <LanguageSwitcher variant="dropdown" />
          </div>
          <div className={bp.below}>
            <LanguageSwitcher variant="compact" />
          </div>
          <AccountMenu className={bp.flex} />
          <button
            type="button"
            className={`btn-ghost px-2 ${bp.below}`}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('app:nav.closeMenu') : t('app:nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {open && (
        <nav
          id={menuId}
          aria-label={t('app:nav.mobile')}
          className={`border-t border-gray-200 bg-white px-4 pt-2 pb-4 dark:border-gray-800 dark:bg-gray-950 ${bp.below}`}
        >
          <HeaderSearch place="menu" className="mb-3" onDone={() => setOpen(false)} />
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={menuLinkClass} onClick={() => setOpen(false)}>
                  {t(`app:nav.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitcher variant="card" className="mt-4" onChange={() => setOpen(false)} />
          <AccountMenu variant="inline" className="mt-4 w-full" onNavigate={() => setOpen(false)} />
        </nav>
      )}
    </header>
  );
}
