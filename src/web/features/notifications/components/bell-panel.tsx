import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLatestNotifications, useMarkAllRead } from '../api.ts';
import { NotificationItem } from './notification-item.tsx';

/** In the bell's dropdown. */
export const BELL_PANEL_SIZE = 5;

/** The bell's dropdown (loaded on first open, with its texts): the latest five, mark all read, view all. */
export function BellPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const latest = useLatestNotifications();
  const markAll = useMarkAllRead();
  const items = latest.data?.items.slice(0, BELL_PANEL_SIZE) ?? [];
  const unread = latest.data?.unread ?? 0;

  return (
    <div className="flex max-h-[70vh] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-3 py-2 dark:border-gray-800">
        <h2 className="text-sm font-semibold">{t('title')}</h2>
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-xs"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('markAllRead')}
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        {latest.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : latest.isError ? (
          <p className="muted px-3 py-6 text-center text-sm">{t('loadFailed')}</p>
        ) : items.length === 0 ? (
          <p className="muted px-3 py-6 text-center text-sm">{t('empty')}</p>
        ) : (
          <ul>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} compact onOpen={onClose} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to="/notifications"
        onClick={onClose}
        className="border-t border-gray-200 px-3 py-2 text-center text-sm font-medium text-brand-700 hover:bg-gray-50 dark:border-gray-800 dark:text-brand-400 dark:hover:bg-gray-900"
      >
        {t('viewAll')}
      </Link>
    </div>
  );
}
