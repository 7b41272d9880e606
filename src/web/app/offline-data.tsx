import { Link } from 'react-router';
import { isClientError } from '../lib/api-client.ts';
import { useTranslation } from '../lib/use-translation.ts';

type QueryLike = { data?: unknown; isPending: boolean; isError: boolean; error: unknown; fetchStatus: string };

/**
 * Whether a panel has nothing to show because the server cannot be reached: a fetch paused offline before any data
 * came (TanStack Query waits for the network), or a failure that is not the reader's own request (network, 5xx).
 */
export function isUnreachable(query: QueryLike): boolean {
  if (query.data !== undefined) return false;
  return (query.isPending && query.fetchStatus === 'paused') || (query.isError && !isClientError(query.error));
}

/**
 * "Offline: this is the data from before": a list whose new page or filter waits for the network (paused) while the
 * previous answer stays on screen. Without it the old list just stayed dimmed, saying nothing.
 */
export function OfflineListNotice({ query }: { query: QueryLike }) {
  const { t } = useTranslation('app');
  if (query.fetchStatus !== 'paused' || query.data === undefined) return null;
  return (
    <p
      role="status"
      className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
    >
      {t('offline.staleList')}
    </p>
  );
}

// Spec §4 "Data load": with no server and no offline copy, the built-in sample — names and links only: we hold no
// figures for them here, and invented ones would be worse than none.
const SAMPLE = {
  projects: [
    { id: 'bitcoin', name: 'Bitcoin' },
    { id: 'ethereum', name: 'Ethereum' },
    { id: 'uniswap', name: 'Uniswap' },
  ],
  sectors: [
    { id: 'defi', name: 'DeFi' },
    { id: 'gamefi', name: 'GameFi' },
    { id: 'layer1', name: 'Layer1' },
  ],
} as const;

/** The built-in fallback list, labelled as such (data-testid built-in-sample). */
export function BuiltInSample({ kind }: { kind: keyof typeof SAMPLE }) {
  const { t } = useTranslation('app');
  const to = (id: string) => (kind === 'projects' ? `/project/${id}` : `/sectors/${id}`);
  return (
    <section data-testid="built-in-sample" className="card space-y-2 p-4">
      <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{t('offline.fallback')}</p>
      <ul className="flex flex-wrap gap-2">
        {SAMPLE[kind].map((item) => (
          <li key={item.id}>
            <Link to={to(item.id)} className="btn-secondary">
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
