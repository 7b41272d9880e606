import type { SupportState } from '../../../../shared/api/support.schema.ts';
import type { SupportPriority } from '../../../../shared/membership/support.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

const STATE_TONES: Record<SupportState, BadgeTone> = { open: 'orange', answered: 'green', closed: 'gray' };

export function SupportStateBadge({ state }: { state: SupportState }) {
  const { t } = useTranslation('support');
  return <Badge tone={STATE_TONES[state]}>{t(`state.${state}`)}</Badge>;
}

export function SupportPriorityBadge({ priority }: { priority: SupportPriority }) {
  const { t } = useTranslation('support');
  return <Badge tone={priority === 'priority' ? 'purple' : 'gray'}>{t(`priority.${priority}`)}</Badge>;
}

export function OverdueBadge() {
  const { t } = useTranslation('support');
  return <Badge tone="red">{t('thread.overdue')}</Badge>;
}
