import type { ClientErrorGroup } from '../../../../shared/api/client-errors.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminClientErrors } from '../client-errors-api.ts';

const COLUMNS = ['message', 'count', 'lastSeen', 'route', 'build'] as const;

function ClientErrorRow({ group }: { group: ClientErrorGroup }) {
  const { t } = useTranslation('admin');
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800" data-slot="client-error-row">
      <td className="py-2 pr-3 break-words">
        <p className="font-medium">{group.message}</p>
        <p className="muted text-xs">
          {t(`clientErrors.boundaries.${group.boundary}`)} ·{' '}
          {t('clientErrors.firstSeen', { time: formatDateTime(group.firstSeenAt) })}
        </p>
        {group.stack && (
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer">{t('clientErrors.stack')}</summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-900">
              {group.stack}
            </pre>
          </details>
        )}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{formatInteger(group.count)}</td>
      <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatDateTime(group.lastSeenAt)}</td>
      <td className="py-2 pr-3 break-all">
        <code>{group.route}</code>
        {group.routes > 1 && (
          <span className="muted block text-xs">{t('clientErrors.moreRoutes', { count: group.routes - 1 })}</span>
        )}
      </td>
      <td className="py-2 pr-3 break-all">
        {group.buildId ? <code>{group.buildId}</code> : <span className="muted">{t('clientErrors.noBuild')}</span>}
        {group.builds > 1 && (
          <span className="muted block text-xs">{t('clientErrors.builds', { count: group.builds })}</span>
        )}
      </td>
    </tr>
  );
}

/**
 * Crash reports from visitors' browsers (the crash fallback and the router's error screen), kept 30 days and grouped
 * by message: how often, when last, on which page and build. The reports carry no account, address or query string.
 */
export function ClientErrorsTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const query = useAdminClientErrors();
  return (
    <section className="card space-y-4 p-5" aria-labelledby="admin-client-errors-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="admin-client-errors-title" className="text-lg font-semibold">
            {t('clientErrors.title')}
          </h2>
          <p className="muted text-sm">{t('clientErrors.subtitle', { days: query.data?.retentionDays ?? 30 })}</p>
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('clientErrors.refresh')}
        </button>
      </div>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <ErrorPanel title={t('clientErrors.title')} message={errorText(query.error)} />
      ) : query.data.groups.length === 0 ? (
        <p className="muted text-sm">{t('clientErrors.empty', { days: query.data.retentionDays })}</p>
      ) : (
        <>
          <p className="text-sm" data-slot="client-errors-total">
            {t('clientErrors.total', { count: query.data.total, groups: query.data.groups.length })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('clientErrors.title')}</caption>
              <thead className="muted text-xs">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-3 font-medium">
                      {t(`clientErrors.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.groups.map((group) => (
                  <ClientErrorRow key={group.message} group={group} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
