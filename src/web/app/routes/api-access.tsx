import { PageHeader } from '../../components/ui/page-header.tsx';
import { useApiKeys } from '../../features/api-keys/api.ts';
import { ApiKeysPanel } from '../../features/api-keys/components/api-keys-panel.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * The keys, or the upgrade message naming VIP for a level without API access; a user whose plan ended with keys
 * still listed sees the message above them and may still revoke them (as the server allows).
 */
function ApiAccess() {
  const { t } = useTranslation('api');
  const keys = useApiKeys();
  const session = useSession();
  if (keys.isPending) return <p className="muted text-sm">…</p>;
  if (keys.isError) {
    const refused = lockReasonOf(keys.error);
    if (refused) return <LockedFeature reason={refused} title={t('featureName')} />;
    return (
      <p role="alert" className="text-sm">
        {keys.error.message}
      </p>
    );
  }
  const locked = keys.data.allowed ? null : lockReasonFor('api_access', session.data?.membership.level ?? 'free');
  return (
    <div className="space-y-6">
      {locked && <LockedFeature reason={locked} title={t('featureName')} />}
      {(!locked || keys.data.items.length > 0) && <ApiKeysPanel data={keys.data} />}
    </div>
  );
}

/** /api-access: API keys, usage this hour and a curl example (vip). */
export function ApiAccessPage() {
  const { t } = useTranslation('api');
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <ApiAccess />
      </RequireSignIn>
    </div>
  );
}
