import type { SupportMessage } from '../../../../shared/api/support.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Message = SupportMessage & { authorEmail?: string | null };

/** A thread's messages, oldest first. Texts are rendered as text (React escapes them); line breaks are kept. */
export function MessageList({ messages, adminView = false }: { messages: Message[]; adminView?: boolean }) {
  const { t } = useTranslation('support');
  return (
    <ol className="space-y-3" aria-label={t('mine.messages', { count: messages.length })}>
      {messages.map((message) => {
        const mine = adminView ? message.author === 'admin' : message.author === 'user';
        const who =
          message.author === 'admin'
            ? adminView && message.authorEmail
              ? message.authorEmail
              : t('thread.team')
            : adminView
              ? (message.authorEmail ?? t('admin.noEmail'))
              : t('thread.you');
        return (
          <li
            key={message.id}
            data-author={message.author}
            className={`rounded-lg border p-3 text-sm ${
              mine
                ? 'border-brand-100 bg-brand-50 sm:ml-8 dark:border-brand-800 dark:bg-gray-800'
                : 'border-gray-200 bg-white sm:mr-8 dark:border-gray-800 dark:bg-gray-900'
            }`}
          >
            <p className="muted mb-1 flex flex-wrap justify-between gap-x-3 text-xs">
              <span className="font-medium break-all">{who}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="break-words whitespace-pre-wrap">{message.text}</p>
          </li>
        );
      })}
    </ol>
  );
}
