import type { HeatModelDefinition } from '../../../../shared/scoring/heat-model.ts';
import { PROJECT_STATUSES } from '../../../../shared/scoring/types.ts';
import {
  EVIDENCE_SIGNAL_TOTAL,
  MENTIONS_PER_AUTHOR,
  NEW_WITHIN_DAYS,
  RISING_MIN_GAIN,
  TRENDING_TOP_SHARE,
} from '../../../../shared/scoring/weights.ts';
import { STALE_AFTER_INTERVALS } from '../../../../shared/staleness.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * The rules around the weights. Evidence, age and status are the scoring version's (`definition`); distinct authors,
 * the status thresholds and staleness are the engine's own, the same under every version.
 */
export function ModelRules({ definition }: { definition: HeatModelDefinition }) {
  const { t } = useTranslation(['methodology', 'heat']);
  const statusList = PROJECT_STATUSES.map((s) => `${t(`heat:status.${s}`)} +${definition.statusBonus[s] ?? 0}`).join(
    ' · ',
  );
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6" data-testid="methodology-rules">
      <li>{t('methodology:rules.evidence', { min: definition.minEvidence, total: EVIDENCE_SIGNAL_TOTAL })}</li>
      <li>{t('methodology:rules.authors', { perAuthor: MENTIONS_PER_AUTHOR })}</li>
      <li>
        {t('methodology:rules.age')}{' '}
        {definition.ageFactors
          .map((row) => t('methodology:rules.ageRow', { days: row.withinDays, factor: row.factor }))
          .join('; ')}
        ; {t('methodology:rules.ageOlder', { factor: definition.ageFactorOlder, unknown: definition.ageFactorUnknown })}
      </li>
      <li>{t('methodology:rules.status', { list: statusList })}</li>
      <li>
        {t('methodology:rules.trending', {
          share: `${TRENDING_TOP_SHARE * 100}%`,
          gain: RISING_MIN_GAIN,
          days: NEW_WITHIN_DAYS,
        })}
      </li>
      <li>{t('methodology:rules.stale', { intervals: STALE_AFTER_INTERVALS })}</li>
    </ul>
  );
}
