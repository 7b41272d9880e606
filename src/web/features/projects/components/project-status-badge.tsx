import type { ProjectStatus } from '../../../../shared/api/common.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

const TONES: Record<ProjectStatus, BadgeTone> = { trending: 'red', rising: 'orange', new: 'blue', active: 'gray' };

/** The derived status; nothing for an unscored project (status null): a status needs a score. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus | null }) {
  const { t } = useTranslation('app');
  if (status === null) return null;
  return <Badge tone={TONES[status]}>{t(`projectStatus.${status}`)}</Badge>;
}
