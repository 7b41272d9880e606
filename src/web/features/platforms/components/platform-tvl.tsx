import type { Platform } from '../../../../shared/api/platforms.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A chain's TVL with its source and as-of (and a stale mark after a failed refresh), or "no data" in words when none is
 * stored (the title says why there may be none).
 */
export function PlatformTvl({ platform }: { platform: Pick<Platform, 'tvl' | 'tvlSource'> }) {
  const { t } = useTranslation('platforms');
  if (platform.tvl === null) {
    return (
      <span className="muted text-sm font-normal" title={t('tvl.noDataTitle')} data-empty-value="noData">
        {t('tvl.noData')}
      </span>
    );
  }
  return (
    <>
      <span>{formatUsd(platform.tvl)}</span>
      <MetricSource source={platform.tvlSource} variant="line" hasValue />
    </>
  );
}
