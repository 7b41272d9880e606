import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ArrowDownIcon, ArrowUpIcon, MinusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Trend label (spec §3: trending up / trending down / stable); null until there is enough history. */
export function SectorTrendBadge({ trend }: { trend: Sector['trend'] }) {
  const { t } = useTranslation('sectors');
  if (trend === 'up')
    return (
      <Badge tone="green">
        <ArrowUpIcon size={12} />
        {t('trend.up')}
      </Badge>
    );
  if (trend === 'down')
    return (
      <Badge tone="red">
        <ArrowDownIcon size={12} />
        {t('trend.down')}
      </Badge>
    );
  if (trend === 'stable')
    return (
      <Badge tone="gray">
        <MinusIcon size={12} />
        {t('trend.stable')}
      </Badge>
    );
  return <span className="muted text-xs">{t('trend.unknown')}</span>;
}
