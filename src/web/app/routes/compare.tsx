import { useSearchParams } from 'react-router';
import { COMPARE_MIN } from '../../../shared/api/compare.values.ts';
import type { TrendRange } from '../../../shared/api/heat.schema.ts';
import { TREND_RANGES } from '../../../shared/api/heat.values.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api.ts';
import {
  CompareBreakdowns,
  CompareHistoryChart,
  CompareMetricsTable,
  ComparePicker,
  compareHref,
  parseCompareIds,
  useCompare,
} from '../../features/compare/index.ts';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { showToast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { QueryError } from '../query-error.tsx';

const isRange = (value: string | null): value is TrendRange => TREND_RANGES.includes(value as TrendRange);

/** /compare?ids=a,b,c&range=30d — the URL holds the whole state, so the link is the share. */
export function ComparePage() {
  const { t } = useTranslation(['compare', 'membership']);
  useDocumentTitle(t('compare:title'));
  const [params, setParams] = useSearchParams();
  const ids = parseCompareIds(params.get('ids'));
  const rangeParam = params.get('range');
  const range: TrendRange = isRange(rangeParam) ? rangeParam : '30d';
  const session = useSession();
  // Mirrors the server's rule (premium 'comparative_analysis'); the server's own refusal is shown too.
  const lock = session.isPending ? null : lockReasonFor('comparative_analysis', session.data?.membership.level ?? null);
  const enough = ids.length >= COMPARE_MIN;
  const compare = useCompare(ids, range, enough && !session.isPending && lock === null);
  const refused = lockReasonOf(compare.error) ?? lock;

  const setState = (next: string[], nextRange: TrendRange = range) => {
    const query = new URLSearchParams();
    if (next.length > 0) query.set('ids', next.join(','));
    if (nextRange !== '30d') query.set('range', nextRange);
    setParams(query, { replace: true });
  };
  const copyLink = () => {
    const url = `${window.location.origin}${compareHref(ids)}${range === '30d' ? '' : `&range=${range}`}`;
    void navigator.clipboard
      ?.writeText(url)
      .then(() => showToast({ title: t('compare:copied'), description: url, variant: 'success' }));
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('compare:title')}
        subtitle={t('compare:subtitle')}
        aside={
          enough &&
          !refused && (
            <button type="button" className="btn-secondary" onClick={copyLink}>
              {t('compare:share')}
            </button>
          )
        }
      />
      {session.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : refused ? (
        <LockedFeature reason={refused} title={t('membership:features.comparative_analysis')} />
      ) : (
        <>
          <ComparePicker selected={ids} onAdd={(id) => setState([...ids, id])} />
          {!enough ? (
            <p className="muted" data-slot="compare-need-more">
              {t('compare:needMore')}
            </p>
          ) : compare.isPending ? (
            <Skeleton className="h-64 w-full" />
          ) : compare.isError ? (
            <QueryError query={compare} />
          ) : (
            <div className={`space-y-6 ${compare.isPlaceholderData ? 'opacity-60' : ''}`}>
              <CompareMetricsTable
                items={compare.data.items}
                onRemove={(id) => setState(ids.filter((x) => x !== id))}
              />
              <CompareBreakdowns items={compare.data.items} />
              <CompareHistoryChart
                items={compare.data.items}
                range={range}
                onRangeChange={(next) => setState(ids, next)}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
