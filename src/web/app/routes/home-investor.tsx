import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import { SampleNote } from '../../components/metric-source.tsx';
import { ChangeText } from '../../components/ui/change-text.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { type ProjectListParams, useProjects } from '../../features/projects/api.ts';
import { ProjectMiniList } from '../../features/projects/components/project-mini-list.tsx';
import { MarketFigure } from '../../features/projects/components/project-table.tsx';
import { DataStateNotice } from '../../features/system/components/data-state-notice.tsx';
import { formatDate } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { HomeVariantNav } from '../home/home-variant-nav.tsx';
import { MarketHighlightsSlot } from '../market-highlights-slot.tsx';

const LIST_SIZE = 8;
const list = (sort: ProjectListParams['sort'], order: 'asc' | 'desc'): ProjectListParams => ({
  sort,
  order,
  limit: LIST_SIZE,
  offset: 0,
});

/** /investor: movers (24 h gainers and losers), the largest projects and the newest listings. */
export function InvestorHomePage() {
  const { t } = useTranslation(['home', 'app']);
  const gainers = useProjects(list('change_24h', 'desc'));
  const losers = useProjects(list('change_24h', 'asc'));
  const largest = useProjects(list('market_cap', 'desc'));
  const newest = useProjects(list('listed', 'desc'));
  const loading = t('app:loading.title');

  // A mover list only shows real moves: a project without a 24 h change is left out, never shown as 0 %.
  const movers = (items: readonly ProjectListItem[] | undefined, direction: 1 | -1) =>
    (items ?? []).filter((p) => p.priceChange24h !== null && Math.sign(p.priceChange24h) === direction);

  return (
    <div className="space-y-6">
      <HomeVariantNav />
      <PageHeader title={t('home:variants.investor.title')} subtitle={t('home:variants.investor.subtitle')} />
      <DataStateNotice />
      <MarketHighlightsSlot />
      <div className="grid gap-6 md:grid-cols-2">
        <ProjectMiniList
          headingId="investor-gainers"
          title={t('home:variants.investor.gainers')}
          items={movers(gainers.data?.items, 1)}
          empty={gainers.isPending ? loading : t('home:variants.investor.noMovers')}
          renderValue={(p) => <ChangeText value={p.priceChange24h} />}
        />
        <ProjectMiniList
          headingId="investor-losers"
          title={t('home:variants.investor.losers')}
          items={movers(losers.data?.items, -1)}
          empty={losers.isPending ? loading : t('home:variants.investor.noMovers')}
          renderValue={(p) => <ChangeText value={p.priceChange24h} />}
        />
        <ProjectMiniList
          headingId="investor-largest"
          title={t('home:variants.investor.largest')}
          items={(largest.data?.items ?? []).filter((p) => p.marketCap !== null)}
          empty={largest.isPending ? loading : t('app:data.noData')}
          renderValue={(p) => <MarketFigure project={p} value={p.marketCap} />}
          note={<SampleNote sources={(largest.data?.items ?? []).map((p) => p.marketSource)} className="mt-2" />}
        />
        <ProjectMiniList
          headingId="investor-newest"
          title={t('home:variants.investor.newest')}
          items={(newest.data?.items ?? []).filter((p) => p.listedAt !== null)}
          empty={newest.isPending ? loading : t('app:data.noData')}
          renderValue={(p) => <span className="font-normal">{formatDate(p.listedAt)}</span>}
        />
      </div>
    </div>
  );
}
