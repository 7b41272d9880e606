import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sectorDisplayName } from '../hooks/use-sector-names.ts';
import { LowConfidence } from './low-confidence.tsx';
import { ScoredCount } from './scored-count.tsx';
import { SectorTrendBadge } from './sector-trend-badge.tsx';

const GRID = 'md:grid-cols-[2rem_minmax(0,1.6fr)_repeat(4,minmax(0,1fr))_minmax(0,2fr)]';

/** Sectors by heat: colour, project count, 24h change (heat points), trend and top projects; a card per sector. */
export function SectorRanking({ sectors }: { sectors: readonly Sector[] }) {
  const { t, i18n } = useTranslation(['sectors', 'app']);
  return (
    <div>
      {/* Column titles for sighted desktop users; each cell also carries its own (sr-only) label. */}
      <div aria-hidden="true" className={`muted hidden px-4 pb-2 text-xs font-medium md:grid ${GRID}`}>
        <span>{t('sectors:ranking.rank')}</span>
        <span>{t('sectors:ranking.sector')}</span>
        <span>{t('sectors:ranking.heat')}</span>
        <span>{t('sectors:ranking.projects')}</span>
        <span>{t('sectors:ranking.change24h')}</span>
        <span>{t('sectors:ranking.trend')}</span>
        <span>{t('sectors:ranking.topProjects')}</span>
      </div>
      <ol aria-label={t('sectors:ranking.caption')} className="space-y-3">
        {sectors.map((sector, index) => (
          <li key={sector.id} className={`card grid gap-3 p-4 md:items-center ${GRID}`}>
            <span className="muted text-sm tabular-nums">{index + 1}</span>
            <div className="flex min-w-0 items-center gap-3">
              <span aria-hidden="true" className="size-4 shrink-0 rounded" style={{ backgroundColor: sector.color }} />
              <div className="min-w-0">
                <Link
                  to={`/sectors/${encodeURIComponent(sector.id)}`}
                  className="block truncate font-semibold hover:underline"
                >
                  {sectorDisplayName(sector, i18n.language)}
                </Link>
                {i18n.language === 'zh' && sector.nameZh && (
                  <span className="muted text-xs" lang="en">
                    {sector.name}
                  </span>
                )}
              </div>
            </div>
            <Stat label={t('sectors:ranking.heat')}>
              <HeatScore value={sector.heatScore} label={t('app:score.heat')} />
              <LowConfidence sector={sector} />
            </Stat>
            <Stat label={t('sectors:ranking.projects')}>
              <span className="tabular-nums">{formatInteger(sector.projectCount)}</span>
              <ScoredCount sector={sector} />
            </Stat>
            <Stat label={t('sectors:ranking.change24h')}>
              {sector.change24h === null ? (
                <span className="muted" title={t('sectors:change24hPending')}>
                  —
                </span>
              ) : (
                <ChangeText value={sector.change24h} digits={1} suffix="" />
              )}
            </Stat>
            <Stat label={t('sectors:ranking.trend')}>
              <SectorTrendBadge trend={sector.trend} />
            </Stat>
            <Stat label={t('sectors:ranking.topProjects')}>
              <span className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
                {sector.topProjects.length === 0 ? (
                  <NoValue />
                ) : (
                  sector.topProjects.map((project) => (
                    <Link key={project.id} to={`/project/${encodeURIComponent(project.id)}`} className="link">
                      {project.name}
                    </Link>
                  ))
                )}
              </span>
            </Stat>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 md:block">
      <span className="muted text-xs md:sr-only">{label}</span>
      <div>{children}</div>
    </div>
  );
}
