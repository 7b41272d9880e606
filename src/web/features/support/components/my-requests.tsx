import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMySupportRequests } from '../api.ts';
import { OverdueBadge, SupportPriorityBadge, SupportStateBadge } from './support-badges.tsx';

/** My requests, newest first; each links to its thread (?request=<id>). */
export function MyRequests() {
  const { t } = useTranslation('support');
  const errorText = useErrorText();
  const mine = useMySupportRequests(0);
  return (
    <section aria-labelledby="support-mine" className="space-y-3" data-slot="support-mine">
      <h2 id="support-mine" className="text-lg font-semibold">
        {t('mine.title')}
      </h2>
      {mine.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : mine.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(mine.error)}
        </p>
      ) : mine.data.items.length === 0 ? (
        <p className="muted card p-4 text-sm">{t('mine.empty')}</p>
      ) : (
        <ul className="space-y-2">
          {mine.data.items.map((request) => (
            <li key={request.id} className="card p-3 sm:p-4" data-state={request.state}>
              <Link
                to={`/support?request=${request.id}`}
                className="link font-medium break-words"
                aria-label={t('mine.open', { subject: request.subject })}
              >
                {request.subject}
              </Link>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                <SupportStateBadge state={request.state} />
                <SupportPriorityBadge priority={request.priority} />
                {request.overdue && <OverdueBadge />}
                <span className="muted">{t('mine.opened', { date: formatDate(request.createdAt) })}</span>
                <span className="muted">{t('mine.messages', { count: request.messageCount })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
