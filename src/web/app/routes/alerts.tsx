import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useAlerts } from '../../features/alerts/api.ts';
import { AlertsOverview } from '../../features/alerts/components/alerts-overview.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { notificationKeys } from '../../features/notifications/api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * A premium page: a level without alerts (limit 0) gets the upgrade message; one whose plan ended with alerts still
 * in place sees the message above them, and may still pause or delete them (the server allows that much).
 */
function PremiumGate({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('alerts');
  const probe = useAlerts();
  const session = useSession();
  const refused = probe.isError ? lockReasonOf(probe.error) : null;
  if (refused) return <LockedFeature reason={refused} title={t('featureName')} />;
  const lapsed =
    probe.data?.limit === 0 ? lockReasonFor('search_alerts', session.data?.membership.level ?? 'free') : null;
  if (!lapsed) return children;
  if (probe.data?.items.length === 0) return <LockedFeature reason={lapsed} title={t('featureName')} />;
  return (
    <>
      <LockedFeature reason={lapsed} title={t('featureName')} />
      {children}
    </>
  );
}

/** /alerts: my alerts on projects and sectors. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const session = useSession();
  const queryClient = useQueryClient();
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <RequireSignIn>
        <PremiumGate>
          <AlertsOverview
            webhookAllowed={session.data?.membership.level === 'vip'}
            // A new threshold met at once fires: the bell's count is refreshed now, not at its next poll.
            onFired={() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })}
          />
        </PremiumGate>
      </RequireSignIn>
    </div>
  );
}
