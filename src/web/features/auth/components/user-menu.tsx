import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toDisplayName } from '../../../../shared/api/auth.schema.ts';
import { useSession, useSignOut } from '../api.ts';

type UserMenuProps = { className?: string; onNavigate?: () => void };

/** Navbar slot (spec §2): signed in → the e-mail's local part (or 'User') and a sign-out button; else a sign-in link. */
export function UserMenu({ className = '', onNavigate }: UserMenuProps) {
  const { t } = useTranslation('auth');
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();

  if (isPending) return <span className={`inline-block h-9 w-20 ${className}`} aria-hidden="true" />;
  if (!session) {
    return (
      <Link to="/auth" className={`btn-primary ${className}`} onClick={onNavigate}>
        {t('menu.signIn')}
      </Link>
    );
  }
  const name = toDisplayName(session.user.email, t('menu.defaultName'));
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <span className="max-w-40 truncate text-sm font-medium" title={t('menu.signedInAs', { name })}>
        {name}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={signOut.isPending}
        onClick={() => {
          signOut.mutate();
          onNavigate?.();
        }}
      >
        {t('menu.signOut')}
      </button>
    </div>
  );
}
