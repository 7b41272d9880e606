import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminCorrection,
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../../../shared/api/corrections.schema.ts';
import { CORRECTION_LIMITS } from '../../../../shared/api/corrections.values.ts';
import { CorrectionChanges } from '../../../components/correction-changes.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePaginationLabels } from '../../../lib/use-pagination-labels.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ADMIN_CORRECTIONS_PAGE_SIZE, useAdminCorrections, useReviewCorrection } from '../corrections-api.ts';

/** One correction in the queue: project, user, field by field current → proposed, note, and the review buttons. */
function CorrectionItem({ correction }: { correction: AdminCorrection }) {
  const { t } = useTranslation('admin');
  const review = useReviewCorrection();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const pending = correction.status === 'pending';
  return (
    <li className="card space-y-3 p-4" data-correction={correction.id}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link to={`/project/${correction.projectId}`} className="link font-semibold">
          {correction.projectName}
        </Link>
        <span className="muted text-sm">
          {t('corrections.by', {
            user: correction.userEmail ?? correction.userId,
            date: formatDateTime(correction.createdAt),
          })}
        </span>
      </div>
      <CorrectionChanges
        current={correction.current}
        proposed={correction.proposed}
        fieldLabel={(field) => t(`corrections.fields.${field}`)}
        emptyLabel={t('corrections.empty')}
      />
      {correction.note && <p className="text-sm">{t('corrections.note', { note: correction.note })}</p>}
      {correction.sourceUrl && (
        <p className="text-sm">
          {t('corrections.source')}{' '}
          <a href={correction.sourceUrl} className="link break-all" target="_blank" rel="noopener noreferrer nofollow">
            {correction.sourceUrl}
          </a>
        </p>
      )}
      {!pending && (
        <p className="muted text-sm">
          {t('corrections.reviewed', {
            status: t(`corrections.status.${correction.status}`),
            admin: correction.reviewerEmail ?? '—',
            date: formatDateTime(correction.reviewedAt),
          })}
          {correction.reason ? ` · ${correction.reason}` : ''}
        </p>
      )}
      {review.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {review.error.message}
        </p>
      )}
      {pending && !rejecting && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={review.isPending}
            onClick={() => review.mutate({ id: correction.id })}
          >
            {t('corrections.accept')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setRejecting(true)}>
            {t('corrections.reject')}
          </button>
        </div>
      )}
      {pending && rejecting && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) review.mutate({ id: correction.id, reason: reason.trim() });
          }}
        >
          <label htmlFor={`reason-${correction.id}`} className="block text-sm font-medium">
            {t('corrections.reason')}
          </label>
          <textarea
            id={`reason-${correction.id}`}
            required
            rows={2}
            maxLength={CORRECTION_LIMITS.reasonLength}
            className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={review.isPending || !reason.trim()}>
              {t('corrections.confirmReject')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setRejecting(false)}>
              {t('corrections.cancel')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/** /admin?tab=corrections: users' data corrections by status, pending first-come first-served. */
export function CorrectionsTab() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<CorrectionStatus>('pending');
  const [page, setPage] = useState(1);
  const query = useAdminCorrections(status, (page - 1) * ADMIN_CORRECTIONS_PAGE_SIZE);
  const pageCount = Math.ceil((query.data?.total ?? 0) / ADMIN_CORRECTIONS_PAGE_SIZE);
  const paginationLabels = usePaginationLabels(page, pageCount, t('corrections.title'));
  return (
    <div className="space-y-4" data-slot="admin-corrections">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t('corrections.title')}</h2>
        <label className="flex items-center gap-2 text-sm">
          {t('corrections.statusLabel')}
          <select
            className="rounded-md border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-700"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CorrectionStatus);
              setPage(1);
            }}
          >
            {CORRECTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`corrections.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {query.data && <span className="muted text-sm">{t('corrections.count', { count: query.data.total })}</span>}
      </div>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.items.length === 0 ? (
        <p className="muted">{t('corrections.none')}</p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((correction) => (
            <CorrectionItem key={correction.id} correction={correction} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} labels={paginationLabels} />
    </div>
  );
}
