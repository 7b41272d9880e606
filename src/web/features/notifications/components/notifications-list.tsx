import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMarkAllRead, useNotificationPages } from '../api.ts';
import { NotificationItem } from './notification-item.tsx';

type NotificationsListProps = { unreadOnly: boolean; onUnreadOnlyChange: (value: boolean) => void };

/** /notifications: the filter, mark all read, the list a page at a time. */
export function NotificationsList({ unreadOnly, onUnreadOnlyChange }: NotificationsListProps) {
  const { t } = useTranslation('notifications');
  const pages = useNotificationPages(unreadOnly);
  const markAll = useMarkAllRead();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;

  return (
    <section className="space-y-4" aria-label={t('title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={unreadOnly}
            onChange={(event) => onUnreadOnlyChange(event.target.checked)}
          />
          {t('unreadOnly')}
        </label>
        <button
          type="button"
          className="btn-secondary"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('markAllRead')}
        </button>
      </div>

      {pages.isPending ? (
        <div className="flex justify-center py-12" role="status">
          <Spinner />
        </div>
      ) : pages.isError ? (
        <EmptyState title={t('loadFailed')} />
      ) : items.length === 0 ? (
        unreadOnly ? (
          <EmptyState title={t('emptyUnread')} description={t('emptyUnreadHint')} />
        ) : (
          <EmptyState title={t('empty')} description={t('emptyHint')} />
        )
      ) : (
        <ul className="card divide-y divide-gray-100 p-1 dark:divide-gray-800" data-testid="notifications-list">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} />
            </li>
          ))}
        </ul>
      )}

      {pages.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn-secondary"
            disabled={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
          >
            {t('loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
