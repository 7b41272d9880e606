import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useAlerts } from '../../features/alerts/api.ts';
import { AlertsOverview } from '../../features/alerts/components/alerts-overview.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../../features/membership/lock-reason.ts';

/** A premium page: a free user gets the upgrade message the server answers with, instead of the alerts. */
function PremiumGate({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('alerts');
  const probe = useAlerts();
  const reason = probe.isError ? lockReasonOf(probe.error) : null;
  if (reason) return <LockedFeature reason={reason} title={t('featureName')} />;
  return children;
}

/** /alerts: my alerts on projects and sectors. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const session = useSession();
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <RequireSignIn>
        <PremiumGate>
          <AlertsOverview webhookAllowed={session.data?.membership.level === 'vip'} />
        </PremiumGate>
      </RequireSignIn>
    </div>
  );
}
