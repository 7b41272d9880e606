import type { TrendingRank } from '../../../../shared/api/projects.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * "Trending on CoinGecko #n" with the list's as-of: in the hover title in a table row, written out on a project page.
 * Nothing when the project is not on the list as last read.
 */
export function TrendingBadge({
  trending,
  showAsOf = false,
}: {
  trending: TrendingRank | null | undefined;
  showAsOf?: boolean;
}) {
  const { t } = useTranslation('app');
  if (!trending) return null;
  const asOf = t('trending.asOf', { time: formatDateTime(trending.asOf) });
  const full = t('trending.badge', { rank: trending.rank });
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-slot="trending-badge">
      <Badge tone="orange" title={showAsOf ? asOf : `${full} · ${asOf}`}>
        {showAsOf ? full : t('trending.short', { rank: trending.rank })}
      </Badge>
      {showAsOf && <span className="muted text-xs">{asOf}</span>}
    </span>
  );
}
