import { type ReactNode, useState } from 'react';
import type { TrendRange } from '../../../../shared/api/heat.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectTrend } from '../api.ts';
import { TrendSection } from './trend-table.tsx';

/**
 * A project's daily heat with its rank among all projects and within its sector (premium trend analysis). The caller
 * shows it only to a viewer who may use it; `refusal` renders the server's refusal (the locked message) if it comes.
 */
export function ProjectTrend({ projectId, refusal }: { projectId: string; refusal: (error: unknown) => ReactNode }) {
  const { t } = useTranslation('compare');
  const [range, setRange] = useState<TrendRange>('30d');
  const trend = useProjectTrend(projectId, range, true);
  return (
    <TrendSection
      slot="project-trend"
      trend={trend}
      range={range}
      onRangeChange={setRange}
      rankLabel={t('trend.rank')}
      withinSector
      refusal={refusal}
    />
  );
}
