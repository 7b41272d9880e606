import type { PointsResponse } from '../../../../shared/api/points.schema.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { usePaginationLabels } from '../../../lib/use-pagination-labels.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { computePageCount } from '../progress.ts';

type PointsHistoryProps = { history: PointsResponse['history']; onOffsetChange: (offset: number) => void };

/** The ledger, newest first, a page at a time; reasons come labelled by the server in the page's language. */
export function PointsHistory({ history, onOffsetChange }: PointsHistoryProps) {
  const { t } = useTranslation('tasks');
  const page = Math.floor(history.offset / history.limit) + 1;
  const pageCount = computePageCount(history.total, history.limit);
  const paginationLabels = usePaginationLabels(page, pageCount, t('history.nav'));
  return (
    <section aria-labelledby="history-title" className="card min-w-0 p-5">
      <h2 id="history-title" className="text-lg font-semibold">
        {t('history.title')}
      </h2>
      {history.items.length === 0 ? (
        <p className="muted mt-2 text-sm">{t('history.empty')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('history.caption')}</caption>
            <thead>
              <tr className="muted border-b border-gray-200 text-left dark:border-gray-800">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.when')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.reason')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('history.change')}
                </th>
                <th scope="col" className="hidden py-2 text-right font-medium sm:table-cell">
                  {t('history.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((entry) => (
                <tr
                  key={`${entry.createdAt}-${entry.total}-${entry.change}`}
                  className="border-b border-gray-100 last:border-0 dark:border-gray-800"
                >
                  <td className="py-2 pr-3">{formatDateTime(entry.createdAt)}</td>
                  <td className="py-2 pr-3">{entry.reasonLabel}</td>
                  <td
                    className={`py-2 pr-3 text-right tabular-nums ${entry.change >= 0 ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'}`}
                  >
                    {entry.change > 0 ? `+${formatInteger(entry.change)}` : formatInteger(entry.change)}
                  </td>
                  <td className="hidden py-2 text-right tabular-nums sm:table-cell">{formatInteger(entry.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={(next) => onOffsetChange((next - 1) * history.limit)}
        labels={{ ...paginationLabels, previous: t('history.previous'), next: t('history.next') }}
      />
    </section>
  );
}
