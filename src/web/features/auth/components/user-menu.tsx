import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { displayNameOf } from '../../../../shared/api/account.values.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSession, useSignOut } from '../api.ts';

type UserMenuProps = {
  className?: string;
  onNavigate?: () => void;
  /** `dropdown` in the top bar; `inline` lists the same links in the hamburger panel (a menu in a menu is clumsy). */
  variant?: 'dropdown' | 'inline';
};

const LINKS = [
  { to: '/profile', key: 'profile' },
  { to: '/membership', key: 'membership' },
  { to: '/tasks', key: 'tasks' },
  { to: '/notifications', key: 'notifications' },
  { to: '/dashboard', key: 'dashboard' },
  { to: '/watchlists', key: 'watchlists' },
  { to: '/alerts', key: 'alerts' },
  { to: '/exports', key: 'exports' },
  { to: '/api-access', key: 'apiAccess' },
  { to: '/team', key: 'team' },
  { to: '/support', key: 'support' },
  { to: '/settings', key: 'settings' },
] as const;
/** Shown to admins only (the server refuses everyone else on /api/admin whatever the menu shows). */
const ADMIN_LINK = { to: '/admin', key: 'adminPanel' } as const;

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-gray-100 focus-visible:bg-gray-100 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800';

/**
 * Navbar slot (spec §2). Signed in: a button with the avatar and the name (the chosen display name, else the e-mail's
 * name) opening a menu of profile, membership, task centre, notifications, the paid features, settings and sign-out (arrow keys, Home/End, Escape). Signed out: a
 * sign-in link.
 */
export function UserMenu({ className = '', onNavigate, variant = 'dropdown' }: UserMenuProps) {
  const { t } = useTranslation('auth');
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // The placeholder keeps the caller's visibility classes on a wrapper: `inline-block` beside a `hidden lg:flex`
  // showed an 80 px box on phones while the session loaded, pushing the bar past a 390 px screen.
  if (isPending)
    return (
      <span className={className} aria-hidden="true">
        <span className="inline-block h-9 w-20" />
      </span>
    );
  if (!session) {
    return (
      <Link to="/auth" className={`btn-primary ${className}`} onClick={onNavigate}>
        {t('auth:menu.signIn')}
      </Link>
    );
  }
  const links = session.user.role === 'admin' ? [...LINKS, ADMIN_LINK] : LINKS;
  const name = displayNameOf({ email: session.user.email, name: session.profile.name }, t('auth:menu.defaultName'));
  const doSignOut = () => {
    signOut.mutate();
    setOpen(false);
    onNavigate?.();
  };

  if (variant === 'inline') {
    return (
      <div className={`flex flex-col gap-1 border-t border-gray-200 pt-3 dark:border-gray-800 ${className}`}>
        <p className="flex items-center gap-2 px-3 py-1 text-sm font-medium">
          <Avatar url={session.profile.avatarUrl} name={name} />
          <span className="truncate">{name}</span>
        </p>
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={itemClass} onClick={onNavigate}>
            {t(`menu.${link.key}`)}
          </Link>
        ))}
        <button type="button" className={itemClass} disabled={signOut.isPending} onClick={doSignOut}>
          {t('auth:menu.signOut')}
        </button>
      </div>
    );
  }

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className={`relative ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost max-w-36"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.openAccount', { name })}
        title={t('auth:menu.signedInAs', { name })}
        data-testid="user-menu-button"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar url={session.profile.avatarUrl} name={name} />
        <span className="truncate text-sm font-medium">{name}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={name}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="card absolute right-0 z-50 mt-2 flex w-52 flex-col gap-0.5 p-1 shadow-lg"
        >
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => {
                setOpen(false);
                onNavigate?.();
              }}
            >
              {t(`menu.${link.key}`)}
            </Link>
          ))}
          <hr className="my-1 border-gray-200 dark:border-gray-800" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            disabled={signOut.isPending}
            onClick={doSignOut}
          >
            {t('auth:menu.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
