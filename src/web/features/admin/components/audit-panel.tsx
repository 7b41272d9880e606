import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/api/admin-data.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuditLog } from '../admin-data-api.ts';
import { diffAuditEntry, formatAuditValue } from '../audit-diff.ts';

/** The fields an entry changed, before → after, in a scroll box of its own (long texts wrap). */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const changes = diffAuditEntry(entry.before, entry.after);
  if (changes.length === 0) return <p className="muted text-xs">{t('audit.noChanges')}</p>;
  return (
    <div className="relative max-h-96 overflow-auto">
      <table className="w-full table-fixed text-left text-xs" data-slot="audit-changes">
        <thead className="muted">
          <tr>
            <th className="w-1/5 py-1 pr-2 font-medium">{t('audit.field')}</th>
            <th className="w-2/5 py-1 pr-2 font-medium">{t('audit.before')}</th>
            <th className="w-2/5 py-1 font-medium">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {changes.map((change) => (
            <tr key={change.field} className="align-top">
              <td className="py-1 pr-2 font-mono break-all">{change.field || '—'}</td>
              <td className="py-1 pr-2 break-words text-red-800 dark:text-red-300">
                {formatAuditValue(change.before)}
              </td>
              <td className="py-1 break-words text-green-800 dark:text-green-300">{formatAuditValue(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One entry: when, who, action, target on one line (wrapping on a phone), its changes opening below. */
function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const count = diffAuditEntry(entry.before, entry.after).length;
  const action = t(`audit.actions.${entry.action}`, { defaultValue: entry.action });
  return (
    <li data-slot="audit-row" data-action={entry.action} className="space-y-2 py-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="whitespace-nowrap tabular-nums">{formatDateTime(entry.createdAt)}</span>
        <span className="min-w-0 break-all">{entry.actorEmail ?? t('audit.unknownActor')}</span>
        <span className="font-medium">{action}</span>
        <span className="max-w-full min-w-0 font-mono text-xs break-all">
          {entry.entity}
          {entry.entityId ? `/${entry.entityId}` : ''}
        </span>
        <button
          type="button"
          className="btn-ghost whitespace-nowrap"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('audit.hideChanges') : t('audit.showChanges', { count })}
        </button>
      </div>
      {open && <AuditChanges entry={entry} />}
    </li>
  );
}

/** /admin?tab=audit: every admin change, newest first, keyset pages (newer / older), each with its field diff. */
export function AuditPanel() {
  const { t } = useTranslation('admin');
  // The `before` cursor of each page seen so far: the last is the page on screen; popping goes back to newer ones.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const log = useAuditLog(before);
  if (log.isPending) return <Skeleton className="h-64 w-full" />;
  if (log.isError) {
    const message = log.error instanceof ApiError ? log.error.message : String(log.error);
    return <ErrorPanel title={t('tabs.audit')} message={message} />;
  }
  const { items, nextBefore } = log.data;
  return (
    <div className="space-y-3" data-slot="admin-audit">
      <p className="muted text-sm">{t('audit.intro')}</p>
      {items.length === 0 ? (
        <p className="muted text-sm">{t('audit.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {items.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <nav aria-label={t('audit.nav')} className="flex justify-between gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          {t('audit.newer')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={nextBefore === null}
          onClick={() => nextBefore !== null && setCursors((list) => [...list, nextBefore])}
        >
          {t('audit.older')}
        </button>
      </nav>
    </div>
  );
}
