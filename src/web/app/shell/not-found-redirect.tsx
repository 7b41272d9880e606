import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const MAX_PATH_SHOWN = 80; // a pasted 10,000-character path must not fill the screen

/**
 * An unknown path: the spec sends it to / (§2 Redirects); the toast says why (its "Page not found", §8), so the jump
 * to the home page is not silent. The toast store outlives this route, so the toast stays on the home page.
 */
export function NotFoundRedirect() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const shown = pathname.length > MAX_PATH_SHOWN ? `${pathname.slice(0, MAX_PATH_SHOWN - 1)}…` : pathname;
  const navigate = useNavigate();
  useEffect(() => {
    showToast({ title: t('notFound.title'), description: t('notFound.text', { path: shown }), variant: 'error' });
    void navigate('/', { replace: true });
  }, [navigate, shown, t]);
  return null;
}
