import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSectors } from '../../features/sectors/api.ts';
import { SectorRanking } from '../../features/sectors/components/sector-ranking.tsx';
import { SectorTreemap } from '../../features/sectors/components/sector-treemap.tsx';
import { isTreemapSize, type TreemapSize } from '../../features/sectors/components/treemap-size.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { BuiltInSample, isUnreachable } from '../offline-data.tsx';
import { QueryError } from '../query-error.tsx';

export function SectorsPage() {
  const { t } = useTranslation(['sectors', 'app']);
  const sectors = useSectors();
  const [params, setParams] = useSearchParams();
  const rawSize = params.get('size');
  const size: TreemapSize = isTreemapSize(rawSize) ? rawSize : 'projects';
  const setSize = (next: TreemapSize) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'projects') updated.delete('size');
        else updated.set('size', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <PageHeader title={t('sectors:title')} subtitle={t('sectors:subtitle')} />
      {isUnreachable(sectors) ? (
        <div className="space-y-3">
          {sectors.isError && <QueryError query={sectors} />}
          <BuiltInSample kind="sectors" />
        </div>
      ) : sectors.isPending ? (
        <div role="status" aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('app:loading.title')}</span>
          <Skeleton className="h-80 w-full" />
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : sectors.isError ? (
        <QueryError query={sectors} />
      ) : sectors.data.items.length === 0 ? (
        <EmptyState title={t('sectors:empty')} />
      ) : (
        <>
          <SectorTreemap sectors={sectors.data.items} size={size} onSizeChange={setSize} />
          <section aria-labelledby="sector-ranking" className="space-y-3">
            <h2 id="sector-ranking" className="text-lg font-semibold">
              {t('sectors:ranking.title')}
            </h2>
            <SectorRanking sectors={sectors.data.items} />
          </section>
        </>
      )}
    </div>
  );
}
