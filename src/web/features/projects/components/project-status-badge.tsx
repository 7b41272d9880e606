import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '../../../../shared/api/common.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONES: Record<ProjectStatus, BadgeTone> = { trending: 'red', rising: 'orange', new: 'blue', active: 'gray' };

/** The derived status; nothing for an unscored project (status null): a status needs a score. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus | null }) {
  const { t } = useTranslation('app');
  if (status === null) return null;
  return <Badge tone={TONES[status]}>{t(`projectStatus.${status}`)}</Badge>;
}

export function VerifiedBadge() {
  const { t } = useTranslation('app');
  return (
    <Badge tone="green" title={t('verified')}>
      <svg viewBox="0 0 20 20" width="12" height="12" aria-hidden="true" fill="currentColor">
        <path d="M10 1.5 12.4 3l2.8-.2.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.2L10 18.5 7.6 17l-2.8.2-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7 2.8.2zm-1.2 11.3 5-5-1.1-1.1-3.9 3.9-1.8-1.8L5.9 10z" />
      </svg>
      {t('verified')}
    </Badge>
  );
}
