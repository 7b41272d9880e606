import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../features/auth/api.ts';
import { compareHref, ProjectTrend } from '../features/compare/index.ts';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../features/membership/lock-reason.ts';

/** The project page's trend section: the daily ranks for premium, the locked-feature message for everyone else. */
export function ProjectTrendSlot({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['compare', 'membership']);
  const session = useSession();
  if (session.isPending) return null;
  const lock = lockReasonFor('trend_analysis', session.data?.membership.level ?? null);
  if (lock) {
    return (
      <section className="card space-y-3 p-5" data-slot="project-trend" aria-labelledby="project-trend">
        <h2 id="project-trend" className="font-semibold">
          {t('compare:trend.title')}
        </h2>
        <LockedFeature reason={lock} title={t('membership:features.trend_analysis')} />
      </section>
    );
  }
  return (
    <ProjectTrend
      projectId={projectId}
      refusal={(error) => {
        const reason = lockReasonOf(error);
        return reason ? <LockedFeature reason={reason} /> : <p className="muted text-sm">{t('compare:loadError')}</p>;
      }}
    />
  );
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
