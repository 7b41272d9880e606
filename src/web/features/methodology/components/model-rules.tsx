import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES } from '../../../../shared/scoring/types.ts';
import {
  AGE_FACTOR_OLDER,
  AGE_FACTOR_UNKNOWN,
  AGE_FACTORS,
  EVIDENCE_SIGNAL_TOTAL,
  MENTIONS_PER_AUTHOR,
  MIN_EVIDENCE_SIGNALS,
  NEW_WITHIN_DAYS,
  RISING_MIN_GAIN,
  STATUS_BONUS,
  TRENDING_TOP_SHARE,
} from '../../../../shared/scoring/weights.ts';
import { STALE_AFTER_INTERVALS } from '../../../../shared/staleness.ts';

/** The rules around the weights (evidence, distinct authors, age, status, staleness), each from its constant. */
export function ModelRules() {
  const { t } = useTranslation(['methodology', 'heat']);
  const statusList = PROJECT_STATUSES.map((s) => `${t(`heat:status.${s}`)} +${STATUS_BONUS[s]}`).join(' · ');
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6" data-testid="methodology-rules">
      <li>{t('methodology:rules.evidence', { min: MIN_EVIDENCE_SIGNALS, total: EVIDENCE_SIGNAL_TOTAL })}</li>
      <li>{t('methodology:rules.authors', { perAuthor: MENTIONS_PER_AUTHOR })}</li>
      <li>
        {t('methodology:rules.age')}{' '}
        {AGE_FACTORS.map((row) => t('methodology:rules.ageRow', { days: row.withinDays, factor: row.factor })).join(
          '; ',
        )}
        ; {t('methodology:rules.ageOlder', { factor: AGE_FACTOR_OLDER, unknown: AGE_FACTOR_UNKNOWN })}
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
