import { LEVEL_POINT_THRESHOLDS } from '../../../shared/membership/level.ts';
import {
  ADS_PER_DAY,
  DAILY_TASKS_PER_DAY,
  POINTS_PER_ACHIEVEMENT,
  POINTS_PER_AD,
  POINTS_PER_DAILY_TASK,
} from '../../../shared/membership/tasks.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { InfoArticle } from '../info/info-article.tsx';

// The amounts come from the modules the server credits and levels by, so the terms cannot drift from the rules.
const POINTS_TERMS = {
  ad: POINTS_PER_AD,
  adCap: ADS_PER_DAY,
  task: POINTS_PER_DAILY_TASK,
  taskCap: DAILY_TASKS_PER_DAY,
  achievement: POINTS_PER_ACHIEVEMENT,
  premium: LEVEL_POINT_THRESHOLDS.premium,
  vip: LEVEL_POINT_THRESHOLDS.vip,
};

export function TermsPage() {
  const { t } = useTranslation('pages');
  return (
    <InfoArticle
      title={t('terms.title')}
      meta={t('terms.updated')}
      lead={t('terms.intro')}
      sections={[
        { title: t('terms.adviceTitle'), paragraphs: [t('terms.advice1')] },
        { title: t('terms.dataTitle'), paragraphs: [t('terms.data1')] },
        { title: t('terms.useTitle'), paragraphs: [t('terms.use1')] },
        { title: t('terms.membershipTitle'), paragraphs: [t('terms.membership1')] },
        {
          title: t('terms.pointsTitle'),
          paragraphs: [t('terms.points1', POINTS_TERMS), t('terms.points2', POINTS_TERMS), t('terms.points3')],
        },
        { title: t('terms.ipTitle'), paragraphs: [t('terms.ip1')] },
        { title: t('terms.changesTitle'), paragraphs: [t('terms.changes1')] },
      ]}
    />
  );
}
