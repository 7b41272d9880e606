import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { COUNTED_QUERY } from '../../lib/counted-queries.ts';
import { ANSWER_DELAY_ALLOWANCE_MS, catchUpMissedReads } from './catch-up.ts';
import { type Invalidation, refetchNow } from './invalidation.ts';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A client with one shown (observed) query per key, each answered once; counts the fetches per key. */
async function pageWithAnswers(keys: string[], options: { counted?: string[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  clients.push(queryClient);
  const fetches = new Map<string, number>();
  for (const key of keys) {
    const observer = new QueryObserver(queryClient, {
      queryKey: [key],
      queryFn: async () => {
        fetches.set(key, (fetches.get(key) ?? 0) + 1);
        return key;
      },
      meta: options.counted?.includes(key) ? COUNTED_QUERY : undefined,
    });
    observer.subscribe(() => {});
  }
  await settle();
  const answeredAt = (key: string) => queryClient.getQueryState([key])?.dataUpdatedAt ?? 0;
  return { queryClient, fetches, answeredAt };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The app's table in small: a recompute refreshes `projects` and `stats`; a sync hint, `sync`. */
const table = (hints: RealtimeHint[]): Invalidation[] =>
  hints.flatMap((hint) =>
    hint.type === 'heat.recomputed' ? [refetchNow(['projects']), refetchNow(['stats'])] : [refetchNow(['sync'])],
  );
const recompute: RealtimeHint = { type: 'heat.recomputed', asOf: '2026-12-01T00:00:00Z' };
const sync: RealtimeHint = { type: 'sync.updated', job: 'exports' };

describe("the stream's first catch-up", () => {
  test('answers that arrived after the hints the server sent lately are not asked again (a first load asks once)', async () => {
    const { queryClient, fetches, answeredAt } = await pageWithAnswers(['stats', 'projects', 'sync']);
    const firstAnswer = Math.min(answeredAt('stats'), answeredAt('projects'), answeredAt('sync'));
    // The server's last recompute hint went out a minute before the answers; the instance knows the last 5 minutes.
    const recentHint = { at: firstAnswer - 60_000, hint: recompute };

    const refetched = catchUpMissedReads(queryClient, table, {
      knownSince: firstAnswer - 300_000,
      recent: [recentHint],
    });
    await settle();
    expect(refetched).toBe(0);
    expect(Object.fromEntries(fetches)).toEqual({ stats: 1, projects: 1, sync: 1 });
  });

  test('a hint sent while (or just before) the answers travelled refetches what it names, nothing else', async () => {
    const { queryClient, fetches, answeredAt } = await pageWithAnswers(['stats', 'projects', 'sync']);
    // A sync hint went out just before the answers arrived: within the allowance, so the sync answer may predate it.
    const syncHint = { at: answeredAt('sync') - ANSWER_DELAY_ALLOWANCE_MS + 1_000, hint: sync };

    const refetched = catchUpMissedReads(queryClient, table, { knownSince: 0, recent: [syncHint] });
    await settle();
    expect(refetched).toBe(1);
    expect(Object.fromEntries(fetches)).toEqual({ stats: 1, projects: 1, sync: 2 });
  });

  test('answers from before what the server remembers are all asked again, counted searches are not', async () => {
    const { queryClient, fetches, answeredAt } = await pageWithAnswers(['stats', 'search'], { counted: ['search'] });
    const knownSince = Math.max(answeredAt('stats'), answeredAt('search'));

    expect(catchUpMissedReads(queryClient, table, { knownSince, recent: [] })).toBe(1);
    await settle();
    expect(Object.fromEntries(fetches)).toEqual({ stats: 2, search: 1 });
  });
});
