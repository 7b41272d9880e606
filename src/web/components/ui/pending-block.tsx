import { useTranslation } from '../../lib/use-translation.ts';
import { Skeleton } from './skeleton.tsx';

/**
 * A panel's loading placeholder: the skeleton while its data is on the way, or — when the fetch waits for the network
 * (TanStack's `fetchStatus: 'paused'`, offline with no saved copy of this panel) — that in words: a skeleton that
 * never ends reads as a broken page.
 */
export function PendingBlock({ paused, className }: { paused: boolean; className: string }) {
  const { t } = useTranslation('app');
  if (!paused) return <Skeleton className={className} />;
  return (
    <p
      data-testid="waiting-for-network"
      className="muted rounded-lg border border-dashed border-gray-300 p-4 text-sm dark:border-gray-700"
    >
      {t('offline.waiting')}
    </p>
  );
}
