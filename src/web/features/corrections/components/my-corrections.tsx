import { useState } from 'react';
import { Link } from 'react-router';
import type { CorrectionStatus } from '../../../../shared/api/corrections.schema.ts';
import { CorrectionChanges } from '../../../components/correction-changes.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { usePaginationLabels } from '../../../lib/use-pagination-labels.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { MY_CORRECTIONS_PAGE_SIZE, useMyCorrections } from '../api.ts';

const TONE: Record<CorrectionStatus, BadgeTone> = { pending: 'yellow', accepted: 'green', rejected: 'red' };

/** "My corrections" on /profile: what I proposed, its state, the points it earned or the admin's reason. */
export function MyCorrections() {
  const { t } = useTranslation('project');
  const [page, setPage] = useState(1);
  const query = useMyCorrections((page - 1) * MY_CORRECTIONS_PAGE_SIZE);
  const pageCount = Math.ceil((query.data?.total ?? 0) / MY_CORRECTIONS_PAGE_SIZE);
  const paginationLabels = usePaginationLabels(page, pageCount, t('corrections.mine.title'));
  return (
    <section className="card space-y-4 p-5" aria-labelledby="my-corrections-title" data-slot="my-corrections">
      <h2 id="my-corrections-title" className="text-lg font-semibold">
        {t('corrections.mine.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.items.length === 0 ? (
        <p className="muted text-sm">{t('corrections.mine.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {query.data.items.map((correction) => (
            <li
              key={correction.id}
              className="space-y-2 border-t border-slate-200 pt-3 first:border-0 first:pt-0 dark:border-slate-800"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/project/${correction.projectId}`} className="link font-medium">
                  {correction.projectName}
                </Link>
                <Badge tone={TONE[correction.status]}>{t(`corrections.status.${correction.status}`)}</Badge>
                {correction.status === 'accepted' && (
                  <span className="text-sm">
                    {t('corrections.mine.points', { points: formatInteger(correction.points) })}
                  </span>
                )}
                <span className="muted text-xs">{formatDateTime(correction.createdAt)}</span>
              </div>
              <CorrectionChanges
                current={correction.current}
                proposed={correction.proposed}
                fieldLabel={(field) => t(`corrections.fields.${field}`)}
                emptyLabel={t('corrections.empty')}
              />
              {correction.reason && (
                <p className="text-sm">{t('corrections.mine.reason', { reason: correction.reason })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} labels={paginationLabels} />
    </section>
  );
}
