import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../../features/membership/lock-reason.ts';
import { useWatchlists } from '../../features/watchlists/api.ts';
import { WatchlistDetail } from '../../features/watchlists/components/watchlist-detail.tsx';
import { WatchlistsOverview } from '../../features/watchlists/components/watchlists-overview.tsx';

/** A premium page: a free user gets the upgrade message the server answers with, instead of the lists. */
function PremiumGate({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('watchlists');
  const probe = useWatchlists();
  const reason = probe.isError ? lockReasonOf(probe.error) : null;
  if (reason) return <LockedFeature reason={reason} title={t('button.locked')} />;
  return children;
}

/** /watchlists: my lists. */
export function WatchlistsPage() {
  const { t } = useTranslation('watchlists');
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <PremiumGate>
          <WatchlistsOverview />
        </PremiumGate>
      </RequireSignIn>
    </div>
  );
}

/** /watchlists/:id: one list's holdings, totals and heat over time. */
export function WatchlistPage() {
  const { id = '' } = useParams();
  return (
    <RequireSignIn>
      <PremiumGate>
        <WatchlistDetail id={id} />
      </PremiumGate>
    </RequireSignIn>
  );
}
