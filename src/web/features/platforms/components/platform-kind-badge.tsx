import type { Platform } from '../../../../shared/api/platforms.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "Chain" / "Launch platform", and for a chain whose layer we know, "L1" or "L2" beside it (the title says what). */
export function PlatformKindBadge({ platform }: { platform: Pick<Platform, 'kind' | 'layer'> }) {
  const { t } = useTranslation('platforms');
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={platform.kind === 'chain' ? 'blue' : 'purple'}>{t(`kind.${platform.kind}`)}</Badge>
      {platform.layer && (
        <span data-testid="platform-layer">
          <Badge tone={platform.layer === 'L2' ? 'orange' : 'gray'} title={t(`layer.${platform.layer}Title`)}>
            {t(`layer.${platform.layer}`)}
          </Badge>
        </span>
      )}
    </span>
  );
}
