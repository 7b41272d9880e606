import { ErrorPanel } from '../../components/ui/error-panel.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TwitterDebugPanel } from '../../features/admin/components/twitter-debug-panel.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * /twitter-debug (spec route, admin): the X endpoints through the account pool. As on /admin, the role check only
 * spares a non-admin a failing form: POST /api/admin/twitter-debug refuses them (403 ADMIN_REQUIRED).
 */
export function TwitterDebugPage() {
  const { t } = useTranslation('admin');
  const { t: te } = useTranslation('errors');
  const session = useSession();
  const role = session.data?.user.role;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t('twitterDebug.title')} subtitle={t('twitterDebug.subtitle')} />
      <RequireSignIn>
        {session.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : role === 'admin' ? (
          <TwitterDebugPanel />
        ) : (
          <ErrorPanel title={t('twitterDebug.title')} message={te('ADMIN_REQUIRED')} />
        )}
      </RequireSignIn>
    </div>
  );
}
