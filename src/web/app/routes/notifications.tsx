import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { NotificationsList } from '../../features/notifications/components/notifications-list.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** /notifications: every notification of the signed-in user (every level); `?unread=1` keeps the filter in the URL. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const handleUnreadOnlyChange = (value: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('unread', '1');
        else next.delete('unread');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <NotificationsList unreadOnly={unreadOnly} onUnreadOnlyChange={handleUnreadOnlyChange} />
      </RequireSignIn>
    </div>
  );
}
