import type { SearchResponse } from '../../../../shared/api/search.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "3 of 10 searches today" after a counted search (nothing before the first one); unlimited says so. */
export function SearchQuotaNote({ quota }: { quota: SearchResponse['quota'] | undefined }) {
  const { t } = useTranslation('search');
  if (!quota) return null;
  return (
    <p className="muted text-sm" data-slot="search-quota" aria-live="polite">
      {quota.limit < 0
        ? t('quota.unlimited', { used: formatInteger(quota.used) })
        : t('quota.used', {
            used: formatInteger(Math.min(quota.used, quota.limit)),
            limit: formatInteger(quota.limit),
          })}
    </p>
  );
}
