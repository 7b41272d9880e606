import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SourceHistoryResponseSchema } from '../../../shared/api/premium-data.schema.ts';
import type { SourceHistoryRange } from '../../../shared/api/premium-data.values.ts';
import { apiGet } from '../../lib/api-client.ts';

/** Query keys of VIP's premium data (never persisted to disk: lib/query-persister.ts persists public prefixes only). */
export const premiumDataKeys = {
  all: ['premium-data'] as const,
  sourceHistory: (id: string, range: SourceHistoryRange) => ['premium-data', 'source-history', id, range] as const,
};

export const sourceHistoryQueryOptions = (id: string, range: SourceHistoryRange) =>
  queryOptions({
    queryKey: premiumDataKeys.sourceHistory(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof SourceHistoryResponseSchema>(`/api/projects/${encodeURIComponent(id)}/source-history`, {
        query: { range },
        signal,
      }),
  });

/** A project's daily source history (vip); `enabled` false for a level the server would refuse. */
export const useSourceHistory = (id: string, range: SourceHistoryRange, enabled: boolean) =>
  useQuery({ ...sourceHistoryQueryOptions(id, range), enabled });
