import type {
  AnalysisFact,
  BriefKind,
  MarketAnalysisResponse,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';

/** What a brief is written from: one analysis answer of the deterministic analytics (the full one). */
export type BriefInput =
  | { kind: 'project'; analysis: ProjectAnalysisResponse }
  | { kind: 'sector'; analysis: SectorAnalysisResponse }
  | { kind: 'market'; analysis: MarketAnalysisResponse };

export type BriefSubject = {
  kind: BriefKind;
  entityId: string | null;
  /** The project's or sector's name; null for the market. */
  name: string | null;
  dataVersion: string;
  facts: AnalysisFact[];
  /** Every project and sector name the prompt mentions: the checker lets their digits through ("1inch"). */
  names: string[];
};

export function subjectOf(input: BriefInput): BriefSubject {
  const { analysis } = input;
  const base = { kind: input.kind, dataVersion: analysis.dataVersion, facts: analysis.facts };
  switch (input.kind) {
    case 'project': {
      const a = input.analysis;
      const names = [
        a.name,
        ...(a.full?.similar.map((s) => s.name) ?? []),
        ...(a.full?.similar.flatMap((s) => [s.shared.sector ?? '', ...s.shared.chains, ...s.shared.tags]) ?? []),
      ];
      return { ...base, entityId: a.projectId, name: a.name, names: unique(names) };
    }
    case 'sector': {
      const a = input.analysis;
      const names = [
        a.name,
        ...(a.full?.movers.map((m) => m.name) ?? []),
        ...(a.full?.anomalies.map((m) => m.name) ?? []),
        ...(a.full?.riskFlags.map((f) => f.name) ?? []),
      ];
      return { ...base, entityId: a.sectorId, name: a.name, names: unique(names) };
    }
    case 'market': {
      const a = input.analysis;
      const movers = [...a.movers.day.up, ...a.movers.day.down, ...a.movers.week.up, ...a.movers.week.down];
      const names = [...movers.map((m) => m.name), ...a.rotation.map((r) => r.name), ...a.anomalies.map((m) => m.name)];
      return { ...base, entityId: null, name: null, names: unique(names) };
    }
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ''))];
}
