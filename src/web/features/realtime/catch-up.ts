import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { revalidateReads } from '../../lib/api-client.ts';
import { isCountedQuery } from '../../lib/counted-queries.ts';
import type { MissedHints } from './connection.ts';
import type { Invalidation } from './invalidation.ts';

/**
 * An answer can reach the page a while after the server read it (a busy server, a slow phone network): an answer that
 * arrived up to this long after a hint may still have been read before it.
 */
export const ANSWER_DELAY_ALLOWANCE_MS = 5_000;

/**
 * When the stream first listens: refetches what the hints it missed name, among the answers that arrived before each
 * hint (with the allowance), and every answer from before `knownSince`. The first page's answers, asked for beside its
 * code, usually arrive after the server's recent hints, so a first load re-asks nothing. Counted searches wait for
 * their next use. Returns how many shown queries it refetches.
 */
export function catchUpMissedReads(
  queryClient: QueryClient,
  invalidationsFor: (hints: RealtimeHint[]) => Invalidation[],
  missed: MissedHints,
): number {
  const answeredBefore = (moment: number) => (query: Query) =>
    !isCountedQuery(query) &&
    query.state.dataUpdatedAt > 0 &&
    query.state.dataUpdatedAt < moment + ANSWER_DELAY_ALLOWANCE_MS;
  const plan: { filters: QueryFilters; when: Invalidation['when'] }[] = [
    { filters: { predicate: answeredBefore(missed.knownSince) }, when: 'now' },
    ...missed.recent.flatMap(({ at, hint }) =>
      invalidationsFor([hint]).map(({ queryKey, when }) => ({
        filters: { queryKey, predicate: answeredBefore(at) },
        when,
      })),
    ),
  ];
  const cache = queryClient.getQueryCache();
  if (!plan.some(({ filters }) => cache.findAll(filters).length)) return 0;
  const refetched = new Set(
    plan.flatMap(({ filters, when }) => (when === 'now' ? cache.findAll({ ...filters, type: 'active' }) : [])),
  );
  revalidateReads();
  for (const { filters, when } of plan) {
    void queryClient.invalidateQueries({ ...filters, refetchType: when === 'now' ? 'active' : 'none' }).catch(() => {});
  }
  return refetched.size;
}
