import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { Figure } from '../../../components/ui/no-value.tsx';
import { formatInteger, formatUsd } from '../../../lib/format.ts';
import { htmlLang, pickLocalized } from '../../../lib/localized.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sectorDisplayName } from '../hooks/use-sector-names.ts';
import { LowConfidence } from './low-confidence.tsx';
import { ScoredCount } from './scored-count.tsx';
import { SectorTrendBadge } from './sector-trend-badge.tsx';

/** A sector's name, colour, description and key numbers. */
export function SectorHeader({ sector }: { sector: Sector }) {
  const { t, i18n } = useTranslation(['sectors', 'app']);
  const description = pickLocalized(sector.description, i18n.language);
  useDocumentTitle(sectorDisplayName(sector, i18n.language));
  return (
    <header className="card overflow-hidden">
      <div aria-hidden="true" className="h-2" style={{ backgroundColor: sector.color }} />
      <div className="p-5 sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{sectorDisplayName(sector, i18n.language)}</h1>
        {i18n.language === 'zh' && sector.nameZh && (
          <p className="muted text-sm" lang="en">
            {sector.name}
          </p>
        )}
        {description && (
          <p className="muted mt-3 max-w-3xl leading-7" lang={htmlLang(description.lang)}>
            {description.text}
          </p>
        )}
        <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.heat')}</dt>
            <dd className="mt-1">
              <HeatScore value={sector.heatScore} label={t('app:score.heat')} />
              <LowConfidence sector={sector} />
            </dd>
          </div>
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.projects')}</dt>
            <dd className="mt-1 font-semibold tabular-nums">
              {formatInteger(sector.projectCount)}
              <ScoredCount sector={sector} />
            </dd>
          </div>
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.change24h')}</dt>
            <dd className="mt-1 font-semibold">
              {sector.change24h === null ? (
                <span className="muted text-sm font-normal">{t('sectors:change24hPending')}</span>
              ) : (
                <ChangeText value={sector.change24h} digits={1} suffix="" />
              )}
            </dd>
          </div>
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.trend')}</dt>
            <dd className="mt-1">
              <SectorTrendBadge trend={sector.trend} />
            </dd>
          </div>
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.marketCap')}</dt>
            <dd className="mt-1 font-semibold tabular-nums">
              <Figure value={sector.totalMarketCap} format={formatUsd} />
              <MetricSource source={sector.marketSource} variant="line" hasValue={sector.totalMarketCap !== null} />
            </dd>
          </div>
          <div>
            <dt className="muted text-xs font-medium">{t('sectors:ranking.tvl')}</dt>
            <dd className="mt-1 font-semibold tabular-nums">
              <Figure value={sector.totalTvl} format={formatUsd} />
              {sector.totalTvl !== null && (
                <span className="muted block text-xs font-normal">
                  {t('sectors:ranking.tvlCoverage', { n: formatInteger(sector.tvlProjectCount) })}
                </span>
              )}
              <MetricSource source={sector.tvlSource} variant="line" hasValue={sector.totalTvl !== null} />
            </dd>
          </div>
        </dl>
      </div>
    </header>
  );
}
