import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../shared/api/platforms.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';

export function PlatformKindBadge({ kind }: { kind: Platform['kind'] }) {
  const { t } = useTranslation('platforms');
  return <Badge tone={kind === 'chain' ? 'blue' : 'purple'}>{t(`kind.${kind}`)}</Badge>;
}
