import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '../../../../shared/api/common.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONES: Record<ProjectStatus, BadgeTone> = { trending: 'red', rising: 'orange', new: 'blue', active: 'gray' };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('app');
  return <Badge tone={TONES[status]}>{t(`projectStatus.${status}`)}</Badge>;
}
