import type {
  MarketAnalysisResponse,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';
import type { AppDeps } from '../../app-deps.ts';

// TEMPORARY stand-in on the analysis-briefs branch (the analysis-core branch writes the real service): the same two
// exports, so the brief routes typecheck. At merge, keep analysis-core's file.
export type AnalysisService = {
  project(id: string, full: boolean): Promise<ProjectAnalysisResponse | null>;
  sector(id: string, full: boolean): Promise<SectorAnalysisResponse | null>;
  market(): Promise<MarketAnalysisResponse>;
};

export function analysisServiceFor(_deps: AppDeps): AnalysisService {
  const notYet = () => Promise.reject(new Error('not merged yet'));
  return { project: notYet, sector: notYet, market: notYet };
}
