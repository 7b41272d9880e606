import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../../features/membership/lock-reason.ts';
import { ShareToggle } from '../../features/team-sharing/components/share-toggle.tsx';
import { TeamSharedWatchlists } from '../../features/team-sharing/components/team-shared-watchlists.tsx';
import { useWatchlists } from '../../features/watchlists/api.ts';
import { WatchlistDetail } from '../../features/watchlists/components/watchlist-detail.tsx';
import { WatchlistsOverview } from '../../features/watchlists/components/watchlists-overview.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { CompareSelectedBar, useCompareSelection } from '../compare-selection.tsx';
import { ExportLink } from '../export-link.tsx';

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
          <WatchlistsOverview listExtra={(list) => <ShareToggle kind="watchlist" id={list.id} name={list.name} />} />
        </PremiumGate>
        {/* A member reads the team's lists through the seat, whatever their own plan: outside the premium gate. */}
        <TeamSharedWatchlists />
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
        <div className="flex justify-end">
          <ExportLink kind="watchlist" params={{ id }} />
        </div>
        <ComparableWatchlist key={id} id={id} />
      </PremiumGate>
    </RequireSignIn>
  );
}

/** A list whose 2–5 ticked holdings open the comparison; the ticks belong to this list (keyed by its id). */
function ComparableWatchlist({ id }: { id: string }) {
  const compare = useCompareSelection();
  return (
    <WatchlistDetail
      id={id}
      selection={compare.selection}
      compareBar={(projectIds) => (
        <CompareSelectedBar selected={compare.selected.filter((p) => projectIds.includes(p))} everyWidth />
      )}
    />
  );
}
