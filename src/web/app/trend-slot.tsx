import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../features/auth/api.ts';
import { compareHref, ProjectTrend, SectorTrend } from '../features/compare/index.ts';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../features/membership/lock-reason.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The project page's trend section: the daily ranks for premium, the locked-feature message for everyone else. */
export function ProjectTrendSlot({ projectId }: { projectId: string }) {
  return (
    <TrendSlot slot="project-trend">{(refusal) => <ProjectTrend projectId={projectId} refusal={refusal} />}</TrendSlot>
  );
}

/** The sector page's trend section (heat and rank among sectors), locked the same way. */
export function SectorTrendSlot({ sectorId }: { sectorId: string }) {
  return (
    <TrendSlot slot="sector-trend">{(refusal) => <SectorTrend sectorId={sectorId} refusal={refusal} />}</TrendSlot>
  );
}

/** Premium trend analysis or, for a viewer below premium, the section's title and the locked message naming the tier. */
function TrendSlot({
  slot,
  children,
}: {
  slot: string;
  children: (refusal: (error: unknown) => ReactNode) => ReactNode;
}) {
  const { t } = useTranslation(['compare', 'membership']);
  const session = useSession();
  if (session.isPending) return null;
  const lock = lockReasonFor('trend_analysis', session.data?.membership.level ?? null);
  if (lock) {
    return (
      <section className="card space-y-3 p-5" data-slot={slot} aria-labelledby={slot}>
        <h2 id={slot} className="font-semibold">
          {t('compare:trend.title')}
        </h2>
        <LockedFeature reason={lock} title={t('membership:features.trend_analysis')} />
      </section>
    );
  }
  return children((error) => {
    const reason = lockReasonOf(error);
    return reason ? <LockedFeature reason={reason} /> : <p className="muted text-sm">{t('compare:loadError')}</p>;
  });
}

/** "Compare" from a project page: opens /compare with this project, the picker adds the others. */
export function CompareLink({ projectId }: { projectId: string }) {
  const { t } = useTranslation('compare');
  return (
    <Link to={compareHref([projectId])} className="btn-secondary" title={t('linkTitle')} data-slot="compare-link">
      {t('link')}
    </Link>
  );
}
