import { type FormEvent, useId, useState } from 'react';
import {
  type AdminSupportQuery,
  type AdminSupportRequest,
  SUPPORT_LIMITS,
  SUPPORT_STATES,
  type SupportState,
} from '../../../../shared/api/support.schema.ts';
import { SUPPORT_RESPONSE_TARGETS } from '../../../../shared/membership/support.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminSupportThread, useSupportAdminAction, useSupportQueue } from '../api.ts';
import { MessageList } from './message-list.tsx';
import { OverdueBadge, SupportPriorityBadge, SupportStateBadge } from './support-badges.tsx';
import { useBusinessDays } from './support-targets.tsx';

const FILTERS: AdminSupportQuery['state'][] = ['active', ...SUPPORT_STATES];

/**
 * /admin's Support tab: the queue (priority first, then oldest first) with each request's age, target and overdue
 * flag; the chosen request's thread, the reply box and the state switch. The server decides order and flags.
 */
export function AdminSupportTab() {
  const { t } = useTranslation(['support', 'membership']);
  const errorText = useErrorText();
  const days = useBusinessDays();
  const [filter, setFilter] = useState<AdminSupportQuery['state']>('active');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useSupportQueue(filter, 0);
  return (
    <div className="space-y-4" data-slot="admin-support">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t('admin.title')}</h2>
        <p className="muted text-sm">
          {t('admin.intro', {
            vipDays: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
            normalDays: days(SUPPORT_RESPONSE_TARGETS.normal.businessDays),
          })}
        </p>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('admin.show')}</legend>
        {FILTERS.map((state) => (
          <button
            key={state}
            type="button"
            aria-pressed={filter === state}
            className={filter === state ? 'btn-primary text-sm' : 'btn-secondary text-sm'}
            onClick={() => {
              setFilter(state);
              setSelected(null);
            }}
          >
            {t(`admin.filters.${state}`)}
          </button>
        ))}
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0">
          {queue.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : queue.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorText(queue.error)}
            </p>
          ) : queue.data.items.length === 0 ? (
            <p className="muted card p-4 text-sm">{t('admin.empty')}</p>
          ) : (
            <ol className="space-y-2" aria-label={t('admin.title')}>
              {queue.data.items.map((request) => (
                <QueueItem
                  key={request.id}
                  request={request}
                  selected={request.id === selected}
                  onSelect={() => setSelected(request.id)}
                />
              ))}
            </ol>
          )}
        </div>
        <div className="min-w-0">
          {selected ? <AdminThread id={selected} /> : <p className="muted card p-4 text-sm">{t('admin.select')}</p>}
        </div>
      </div>
    </div>
  );
}

function QueueItem(props: { request: AdminSupportRequest; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation(['support', 'membership']);
  const days = useBusinessDays();
  const { request } = props;
  return (
    <li data-priority={request.priority} data-overdue={request.overdue}>
      <button
        type="button"
        aria-current={props.selected ? 'true' : undefined}
        onClick={props.onSelect}
        className={`card block w-full p-3 text-left hover:border-brand-500 ${
          props.selected ? 'border-brand-500 ring-1 ring-brand-500' : ''
        }`}
      >
        <span className="block font-medium break-words">{request.subject}</span>
        <span className="muted mt-1 block text-xs break-all">
          {t('admin.from', { email: request.userEmail ?? t('admin.noEmail') })}
        </span>
        <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          <SupportPriorityBadge priority={request.priority} />
          <SupportStateBadge state={request.state} />
          {request.overdue && <OverdueBadge />}
          <span>{t('admin.age', { age: formatDuration(request.ageMs / 1000) })}</span>
          <span className="muted">{t('admin.target', { days: days(request.targetBusinessDays) })}</span>
          <span className="muted">
            {request.responseDueAt
              ? t('admin.due', { date: formatDateTime(request.responseDueAt) })
              : t('admin.noneDue')}
          </span>
        </span>
      </button>
    </li>
  );
}

function AdminThread({ id }: { id: string }) {
  const { t } = useTranslation(['support', 'membership']);
  const errorText = useErrorText();
  const thread = useAdminSupportThread(id);
  if (thread.isPending) return <Skeleton className="h-48 w-full" />;
  if (thread.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorText(thread.error)}
      </p>
    );
  const request = thread.data;
  return (
    <article className="card space-y-4 p-4" aria-labelledby="admin-support-thread" data-slot="admin-support-thread">
      <header className="space-y-2">
        <h3 id="admin-support-thread" className="font-semibold break-words">
          {request.subject}
        </h3>
        <p className="muted text-xs break-words">
          {t('admin.from', { email: request.userEmail ?? t('admin.noEmail') })} ·{' '}
          {t('admin.level', { level: t(`membership:levels.${request.level}`) })}
          {request.projectName ? ` · ${t('thread.project', { name: request.projectName })}` : ''}
        </p>
      </header>
      <MessageList messages={request.messages} adminView />
      <StateSwitch id={request.id} state={request.state} />
      {request.state === 'closed' ? (
        <p className="muted text-sm">{t('admin.closedNote')}</p>
      ) : (
        <ReplyBox id={request.id} />
      )}
    </article>
  );
}

function StateSwitch({ id, state }: { id: string; state: SupportState }) {
  const { t } = useTranslation('support');
  const fieldId = useId();
  const action = useSupportAdminAction(id);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={fieldId}>{t('admin.state')}</label>
      <select
        id={fieldId}
        className="input"
        value={state}
        disabled={action.isPending}
        onChange={(e) => action.mutate({ state: e.target.value as SupportState })}
      >
        {SUPPORT_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`state.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ReplyBox({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const errorText = useErrorText();
  const fieldId = useId();
  const [text, setText] = useState('');
  const action = useSupportAdminAction(id);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    action.mutate({ reply: text }, { onSuccess: () => setText('') });
  };
  return (
    <form className="space-y-2" onSubmit={handleSubmit} noValidate>
      <label htmlFor={fieldId} className="block text-sm font-medium">
        {t('admin.reply')}
      </label>
      <textarea
        id={fieldId}
        className="input min-h-28 w-full"
        value={text}
        maxLength={SUPPORT_LIMITS.textLength}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${fieldId}-hint`}
      />
      <p id={`${fieldId}-hint`} className="muted text-xs">
        {t('admin.replyHint')}
      </p>
      {action.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(action.error)}
        </p>
      )}
      {action.isSuccess && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {t('admin.sent')}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={action.isPending || !text.trim()}>
          {t('admin.send')}
        </button>
      </div>
    </form>
  );
}
