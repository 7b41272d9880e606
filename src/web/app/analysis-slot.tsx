import { ProjectAnalysisPanel, SectorAnalysisPanel } from '../features/analysis/index.ts';
import { useSession } from '../features/auth/api.ts';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonFor } from '../features/membership/lock-reason.ts';
import { useSectorLabel } from '../features/sectors/hooks/use-sector-names.ts';
import { useSite } from '../features/site/api.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The notice for a viewer the server sent only the summary: sign in (visitor) or upgrade to premium (free). When the
 * session says the viewer may read it but the server withheld it (a plan just ended), premium is still the answer.
 */
function AnalysisLock() {
  const { t } = useTranslation('analysis');
  const session = useSession();
  const reason = lockReasonFor('heat_analytics', session.data?.membership.level ?? null) ?? {
    kind: 'locked' as const,
    level: 'premium' as const,
  };
  const aiModel = useSite().data?.aiModel;
  return <LockedFeature reason={reason} title={aiModel ? t('panel.lockedTitle') : t('panel.lockedTitleNoModel')} />;
}

/** The project page's "AI analysis" panel (summary for all; everything for premium). */
export function ProjectAnalysisSlot({ projectId }: { projectId: string }) {
  const sectorLabel = useSectorLabel();
  const aiModel = useSite().data?.aiModel;
  return (
    <ProjectAnalysisPanel projectId={projectId} locked={<AnalysisLock />} sectorLabel={sectorLabel} aiModel={aiModel} />
  );
}

/** The sector page's "AI analysis" panel. */
export function SectorAnalysisSlot({ sectorId }: { sectorId: string }) {
  return <SectorAnalysisPanel sectorId={sectorId} locked={<AnalysisLock />} aiModel={useSite().data?.aiModel} />;
}
