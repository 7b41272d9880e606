import { useNavigate } from 'react-router';
import type { Notification } from '../../../../shared/api/notifications.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMarkRead } from '../api.ts';
import { describeNotification, formatRelativeTime } from '../wording.ts';

/** Only a path of this site is followed ("/x", never "//host" or a scheme), whatever a source stored. */
const isInAppPath = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

type NotificationItemProps = { notification: Notification; compact?: boolean; onOpen?: () => void };

/** One notification: its kind, its words, how long ago; unread ones are marked. A click marks it read and opens it. */
export function NotificationItem({ notification: n, compact = false, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const unread = n.readAt === null;

  const handleClick = () => {
    if (unread) markRead.mutate(n.id);
    onOpen?.();
    if (isInAppPath(n.link)) navigate(n.link);
  };

  return (
    <button
      type="button"
      onClick={handleClick}
      data-unread={unread || undefined}
      className={`flex w-full items-start gap-3 rounded-lg text-left transition-colors hover:bg-gray-100 focus-visible:bg-gray-100 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800 ${
        compact ? 'px-3 py-2' : 'px-4 py-3'
      } ${unread ? 'bg-brand-50/70 dark:bg-brand-700/10' : ''}`}
    >
      <span
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className="muted flex items-center justify-between gap-2 text-xs">
          <span>
            {t(`kind.${n.kind}`)}
            {unread && <span className="sr-only"> · {t('unreadMark')}</span>}
          </span>
          <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="shrink-0">
            {formatRelativeTime(n.createdAt, i18n.language)}
          </time>
        </span>
        <span className={`mt-0.5 block text-sm ${unread ? 'font-semibold' : ''} ${compact ? 'line-clamp-2' : ''}`}>
          {describeNotification(t, i18n.language, n)}
        </span>
      </span>
    </button>
  );
}
