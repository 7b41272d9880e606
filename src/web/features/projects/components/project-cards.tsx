import type { ProjectListItem } from '../../../../shared/api/projects.schema.ts';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ProjectNameCell } from './project-name-cell.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { ChainList, MarketFigure, marketGap } from './project-table.tsx';

type ProjectCardsProps = {
  items: readonly ProjectListItem[];
  offset?: number;
  sectorLabel: (category: string) => string;
  /** Show the cards at every width (e.g. the home page), not only below md. */
  always?: boolean;
  /** Add the 7-day change ("momentum") to each card. */
  momentum?: boolean;
};

/** Project rows as cards: the phone layout of the ranking table. */
export function ProjectCards(props: ProjectCardsProps) {
  const { items, offset = 0, sectorLabel, always = false, momentum = false } = props;
  const { t } = useTranslation(['directory', 'app']);
  return (
    <ol className={`grid grid-cols-1 gap-3 ${always ? 'sm:grid-cols-2' : 'md:hidden'}`}>
      {items.map((project, index) => (
        <li key={project.id} className="card min-w-0 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-center gap-2">
              <span className="muted w-6 shrink-0 text-sm tabular-nums">{offset + index + 1}</span>
              <ProjectNameCell project={project} />
            </div>
            <HeatScore value={project.heatScore} label={t('app:score.heat')} evidence={project.evidenceCount} />
          </div>
          <dl className={`mt-3 grid gap-2 text-xs ${momentum ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
            <div>
              <dt className="muted">{t('directory:table.change24h')}</dt>
              <dd className="font-medium">
                <ChangeText value={project.priceChange24h} reason={marketGap(project)} />
              </dd>
            </div>
            {momentum && (
              <div>
                <dt className="muted">{t('directory:table.momentum')}</dt>
                <dd className="font-medium">
                  <ChangeText value={project.priceChange7d} reason={marketGap(project)} />
                </dd>
              </div>
            )}
            <div>
              <dt className="muted">{t('directory:table.marketCap')}</dt>
              <dd className="font-medium tabular-nums">
                <MarketFigure project={project} value={project.marketCap} />
              </dd>
            </div>
            <div>
              <dt className="muted">{t('directory:table.volume')}</dt>
              <dd className="font-medium tabular-nums">
                <MarketFigure project={project} value={project.volume24h} />
              </dd>
            </div>
          </dl>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
            <ProjectStatusBadge status={project.status} />
            <span className="muted">{sectorLabel(project.category)}</span>
            <span aria-hidden="true" className="muted">
              ·
            </span>
            <ChainList chains={project.chains} />
          </div>
        </li>
      ))}
    </ol>
  );
}
