import { Link } from 'react-router';
import { useSession } from '../features/auth/api.ts';
import { FundingSection } from '../features/fundamentals/components/funding-section.tsx';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../features/membership/lock-reason.ts';
import { SourceHistoryPanel } from '../features/premium-data/components/source-history.tsx';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * What a level below vip is missing of VIP's premium data: the locked panel naming the tier (sign in for a visitor)
 * and a link to what premium data is on /membership. The server decides; this only says why data is absent.
 */
function PremiumDataLock({ title }: { title: string }) {
  const { t } = useTranslation('membership');
  const session = useSession();
  const reason = lockReasonFor('premium_data', session.data?.membership.level ?? null) ?? {
    kind: 'locked' as const,
    level: 'vip' as const,
  };
  return (
    <div className="space-y-2" data-slot="premium-data-lock">
      <LockedFeature reason={reason} title={title} />
      <Link to="/membership#premium-data" className="link text-sm">
        {t('premiumData.whatIsIt')}
      </Link>
    </div>
  );
}

/** The project page's funding rounds: investors and valuations for vip, the rounds and the lock below it. */
export function FundingSlot({ projectId }: { projectId: string }) {
  const { t } = useTranslation('membership');
  return <FundingSection projectId={projectId} locked={<PremiumDataLock title={t('premiumData.fundingLocked')} />} />;
}

/** The project page's daily source history (vip), or what it is and the lock for everyone else. */
export function SourceHistorySlot({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['membership', 'app']);
  const session = useSession();
  if (session.isPending) return null;
  const lock = lockReasonFor('premium_data', session.data?.membership.level ?? null);
  return (
    <SourceHistoryPanel
      projectId={projectId}
      locked={lock ? <PremiumDataLock title={t('membership:premiumData.sourceHistory.lockedTitle')} /> : null}
      refusal={(error) => {
        const reason = lockReasonOf(error);
        return reason ? (
          <LockedFeature reason={reason} title={t('membership:premiumData.sourceHistory.lockedTitle')} />
        ) : (
          <p role="alert" className="muted text-sm">
            {t('app:data.loadFailed')}
          </p>
        );
      }}
    />
  );
}
