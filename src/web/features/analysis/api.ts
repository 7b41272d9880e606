import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BriefKind,
  MarketAnalysisResponseSchema,
  ProjectAnalysisResponseSchema,
  SectorAnalysisResponseSchema,
} from '../../../shared/api/analysis.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { analysisKeys } from './keys.ts';

/** What a brief is about: a project or a sector by id, or the whole market (id null). */
export type BriefTarget = { kind: BriefKind; id: string | null };

/** '/api/analysis/project/<id>', '/api/analysis/market', … — the base of a target's analysis and brief paths. */
export function analysisPath(target: BriefTarget): string {
  return target.id === null
    ? `/api/analysis/${target.kind}`
    : `/api/analysis/${target.kind}/${encodeURIComponent(target.id)}`;
}

export const projectAnalysisQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analysisKeys.project(id),
    queryFn: ({ signal }) =>
      apiGet<typeof ProjectAnalysisResponseSchema>(analysisPath({ kind: 'project', id }), { signal }),
  });

export const sectorAnalysisQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analysisKeys.sector(id),
    queryFn: ({ signal }) =>
      apiGet<typeof SectorAnalysisResponseSchema>(analysisPath({ kind: 'sector', id }), { signal }),
  });

export const marketAnalysisQueryOptions = () =>
  queryOptions({
    queryKey: analysisKeys.market(),
    queryFn: ({ signal }) => apiGet<typeof MarketAnalysisResponseSchema>('/api/analysis/market', { signal }),
  });

/** A project's analysis: the summary for everyone, `full` for premium and up (the server decides). */
export const useProjectAnalysis = (id: string) => useQuery(projectAnalysisQueryOptions(id));
export const useSectorAnalysis = (id: string) => useQuery(sectorAnalysisQueryOptions(id));
/** Market-wide movers, rotation and anomalies: basic analytics, free for everyone. */
export const useMarketAnalysis = () => useQuery(marketAnalysisQueryOptions());

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { analysisKeys };
