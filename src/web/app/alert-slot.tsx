import { useQueryClient } from '@tanstack/react-query';
import type { AlertTargetType } from '../../shared/api/alerts.values.ts';
import { AlertButton } from '../features/alerts/components/alert-button.tsx';
import { useSession } from '../features/auth/api.ts';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonFor } from '../features/membership/lock-reason.ts';
import { notificationKeys } from '../features/notifications/api.ts';

type AlertSlotProps = { targetType: AlertTargetType; targetId: string; targetName: string };

/**
 * The project and sector pages' "Alert" button: premium and vip get the create dialog (vip with a webhook), a free
 * user or a visitor a dialog with the locked-feature message naming the tier. The server checks every request again.
 */
export function AlertSlot({ targetType, targetId, targetName }: AlertSlotProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  if (session.isPending) return null;
  const level = session.data?.membership.level ?? null;
  const lock = lockReasonFor('search_alerts', level);
  return (
    <AlertButton
      target={{ type: targetType, id: targetId, name: targetName }}
      webhookAllowed={level === 'vip'}
      locked={lock ? <LockedFeature reason={lock} /> : null}
      // An alert met at creation fires at once: its notification is new, so the bell's count is refreshed now.
      onCreated={(alert) => {
        if (alert.state === 'fired') void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }}
    />
  );
}
