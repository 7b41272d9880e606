import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSession } from '../api.ts';

/** Renders `children` for a signed-in user; otherwise the spec's prompt asking to sign in (returning here after). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useSession();
  if (isPending) return null;
  return session ? children : <SignInPrompt />;
}

/** The "please sign in" card for a gated feature. */
export function SignInPrompt() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section
      className="card mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center"
      aria-label={t('gate.title')}
    >
      <h2 className="text-lg font-semibold">{t('gate.title')}</h2>
      <p className="muted text-sm">{t('gate.message')}</p>
      <Link to={`/auth?returnTo=${encodeURIComponent(returnTo)}`} className="btn-primary">
        {t('gate.action')}
      </Link>
    </section>
  );
}
