import type { AnalysisLang } from '../../../shared/api/analysis.schema.ts';
import type { BriefTarget } from './api.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
/**
 * Query keys of the analysis reads; `analysisKeys.all` is refetched on `heat.recomputed` and `projects.updated`
 * (app/live-updates.ts). Never persisted to disk (lib/query-persister.ts): premium answers.
 */
export const analysisKeys = {
  all: ['analysis'] as const,
  project: (id: string) => ['analysis', 'project', id] as const,
  sector: (id: string) => ['analysis', 'sector', id] as const,
  market: () => ['analysis', 'market'] as const,
  brief: (target: BriefTarget, lang: AnalysisLang) => ['analysis', 'brief', target.kind, target.id, lang] as const,
};
