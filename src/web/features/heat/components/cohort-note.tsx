import type { ProjectHeatResponse } from '../../../../shared/api/heat.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { displayPercentile } from '../breakdown-view.ts';

type Props = {
  cohorts: ProjectHeatResponse['cohorts'];
  inputKey: string;
  sectorLabel: (category: string) => string;
};

/** "97th percentile in Layer1 · 81st among large caps": an input's raw value beside its peers. */
export function CohortNote({ cohorts, inputKey, sectorLabel }: Props) {
  const { t } = useTranslation('heat');
  const standing = cohorts.inputs[inputKey];
  if (!standing) return null;
  const sector = sectorLabel(cohorts.sector);
  const band = cohorts.capBand ? t(`cohort.bands.${cohorts.capBand.band}`) : null;
  const sectorText =
    standing.sector.percentile === null
      ? t('cohort.tooFewSector', { sector, peers: standing.sector.peers })
      : t('cohort.sector', { sector, count: displayPercentile(standing.sector.percentile), ordinal: true });
  const bandText =
    band === null || standing.capBand === null
      ? null
      : standing.capBand.percentile === null
        ? t('cohort.tooFewBand', { band, peers: standing.capBand.peers })
        : t('cohort.band', { band, count: displayPercentile(standing.capBand.percentile), ordinal: true });
  return (
    <span className="muted block min-w-36 text-xs font-normal" title={t('cohort.title')} data-cohort={inputKey}>
      {sectorText}
      {bandText && <span className="block">{bandText}</span>}
    </span>
  );
}
