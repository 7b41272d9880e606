import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { SUPPORT_LIMITS } from '../../../../shared/api/support.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCloseSupportRequest, useSupportFollowUp, useSupportThread } from '../api.ts';
import { MessageList } from './message-list.tsx';
import { OverdueBadge, SupportPriorityBadge, SupportStateBadge } from './support-badges.tsx';

/** One of my requests: its state, the thread, a follow-up box and the close button. */
export function SupportThreadView({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const errorText = useErrorText();
  const thread = useSupportThread(id);
  const back = (
    <Link to="/support" className="link text-sm">
      {t('thread.back')}
    </Link>
  );
  if (thread.isPending) return <Skeleton className="h-48 w-full" />;
  if (thread.isError) {
    const notFound = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <div className="space-y-3">
        {back}
        <p role="alert" className="card p-4 text-sm">
          {notFound ? t('thread.notFound') : errorText(thread.error)}
        </p>
      </div>
    );
  }
  const request = thread.data;
  return (
    <article aria-labelledby="support-thread-title" className="space-y-4" data-slot="support-thread">
      {back}
      <header className="space-y-2">
        <h2 id="support-thread-title" className="text-lg font-semibold break-words">
          {request.subject}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <SupportStateBadge state={request.state} />
          <SupportPriorityBadge priority={request.priority} />
          {request.overdue && <OverdueBadge />}
          {request.responseDueAt && (
            <span className="muted">{t('thread.due', { date: formatDateTime(request.responseDueAt) })}</span>
          )}
        </div>
        {request.projectId && (
          <p className="muted text-sm">
            {request.projectName ? (
              <Link to={`/project/${encodeURIComponent(request.projectId)}`} className="link">
                {t('thread.project', { name: request.projectName })}
              </Link>
            ) : (
              t('thread.projectGone')
            )}
          </p>
        )}
      </header>
      <MessageList messages={request.messages} />
      {request.state === 'closed' ? (
        <p className="muted card p-4 text-sm">{t('thread.closedNote')}</p>
      ) : (
        <FollowUp id={request.id} />
      )}
    </article>
  );
}

function FollowUp({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const errorText = useErrorText();
  const fieldId = useId();
  const [text, setText] = useState('');
  const followUp = useSupportFollowUp(id);
  const close = useCloseSupportRequest(id);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    followUp.mutate(text, { onSuccess: () => setText('') });
  };
  const error = followUp.error ?? close.error;
  return (
    <form className="card space-y-3 p-4" onSubmit={handleSubmit} noValidate>
      <label htmlFor={fieldId} className="block text-sm font-medium">
        {t('thread.followUp')}
      </label>
      <textarea
        id={fieldId}
        className="input min-h-24 w-full"
        value={text}
        maxLength={SUPPORT_LIMITS.textLength}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(error)}
        </p>
      )}
      {followUp.isSuccess && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {t('thread.sent')}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className="btn-secondary" onClick={() => close.mutate()} disabled={close.isPending}>
          {t('thread.close')}
        </button>
        <button type="submit" className="btn-primary" disabled={followUp.isPending || !text.trim()}>
          {t('thread.send')}
        </button>
      </div>
    </form>
  );
}
