import type { PaymentState } from '../../../../shared/api/payments.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

const TONES = {
  pending: 'gray',
  processing: 'blue',
  success: 'green',
  failed: 'red',
  refund: 'orange',
} as const;

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation('payments');
  return <Badge tone={TONES[state]}>{t(`states.${state}`)}</Badge>;
}
