import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSession } from '../../features/auth/api.ts';
import { SignInPrompt } from '../../features/auth/components/require-sign-in.tsx';
import { useDashboard } from '../../features/dashboard/api.ts';
import { DashboardBoard } from '../../features/dashboard/components/dashboard-board.tsx';
import { DashboardIntro } from '../../features/dashboard/components/dashboard-intro.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../../features/membership/lock-reason.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { QueryError } from '../query-error.tsx';

/** /dashboard: my custom dashboard (premium). A free member reads what it is and how to get it; a visitor signs in. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {session.isPending ? null : session.data ? (
        <Dashboard />
      ) : (
        <>
          <SignInPrompt />
          <DashboardIntro />
        </>
      )}
    </div>
  );
}

/** The server decides: its 403 (naming the tier) is the upgrade panel, over the description of what is locked. */
function Dashboard() {
  const { t } = useTranslation('dashboard');
  const layout = useDashboard();
  if (layout.isPending) return null;
  if (layout.isError) {
    const reason = lockReasonOf(layout.error);
    if (!reason) return <QueryError query={layout} />;
    return (
      <div className="space-y-4">
        <LockedFeature reason={reason} title={t('intro.featureName')} />
        <DashboardIntro />
      </div>
    );
  }
  return <DashboardBoard layout={layout.data} />;
}
