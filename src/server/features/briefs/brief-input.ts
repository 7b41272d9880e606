import type {
  AnalysisFact,
  BriefInputs,
  BriefKind,
  MarketAnalysisResponse,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';
import { labelsOf } from './brief-labels.ts';

/**
 * What a brief is written from: one analysis answer of the deterministic analytics (the full one, its facts extended
 * by brief-context.ts) and the age and kind of the inputs behind it.
 */
export type BriefInput = (
  | { kind: 'project'; analysis: ProjectAnalysisResponse }
  | { kind: 'sector'; analysis: SectorAnalysisResponse }
  | { kind: 'market'; analysis: MarketAnalysisResponse }
) & { inputs: BriefInputs };

export type BriefSubject = {
  kind: BriefKind;
  entityId: string | null;
  /** The project's or sector's name; null for the market. */
  name: string | null;
  dataVersion: string;
  facts: AnalysisFact[];
  /**
   * Every project and sector name the prompt mentions, and the display names (zh and en) of the components and
   * signals it mentions: the checker lets their digits through ("1inch", "Commits (52 weeks)").
   */
  names: string[];
};

export function subjectOf(input: BriefInput): BriefSubject {
  const { analysis } = input;
  const base = { kind: input.kind, dataVersion: analysis.dataVersion, facts: analysis.facts };
  const labels = labelsOf(labelledKeys(input));
  switch (input.kind) {
    case 'project': {
      const a = input.analysis;
      const names = [
        a.name,
        ...(a.full?.similar.map((s) => s.name) ?? []),
        ...(a.full?.similar.flatMap((s) => [s.shared.sector ?? '', ...s.shared.chains, ...s.shared.tags]) ?? []),
      ];
      return { ...base, entityId: a.projectId, name: a.name, names: unique([...names, ...labels]) };
    }
    case 'sector': {
      const a = input.analysis;
      const names = [
        a.name,
        ...(a.full?.movers.map((m) => m.name) ?? []),
        ...(a.full?.anomalies.map((m) => m.name) ?? []),
        ...(a.full?.riskFlags.map((f) => f.name) ?? []),
      ];
      return { ...base, entityId: a.sectorId, name: a.name, names: unique([...names, ...labels]) };
    }
    case 'market': {
      const a = input.analysis;
      const movers = [...a.movers.day.up, ...a.movers.day.down, ...a.movers.week.up, ...a.movers.week.down];
      const names = [...movers.map((m) => m.name), ...a.rotation.map((r) => r.name), ...a.anomalies.map((m) => m.name)];
      return { ...base, entityId: null, name: null, names: unique([...names, ...labels]) };
    }
  }
}

/** The component and signal keys a brief may name: breakdown facts, movers' drivers, anomalies, risk signals. */
export function labelledKeys(input: BriefInput): string[] {
  const keys = input.analysis.facts.flatMap((f) => /^breakdown\.([^.]+)\./.exec(f.key)?.[1] ?? []);
  const add = (m: { drivers: { key: string }[] } | null) => {
    for (const d of m?.drivers ?? []) keys.push(d.key);
  };
  const flags = (list: readonly { params: Record<string, unknown> }[]) => {
    for (const f of list) if (typeof f.params.signal === 'string') keys.push(f.params.signal);
  };
  if (input.kind === 'project') {
    const full = input.analysis.full;
    add(full?.movers.day ?? null);
    add(full?.movers.week ?? null);
    keys.push(...(full?.anomalies.map((a) => a.signal) ?? []));
    flags(full?.riskFlags ?? []);
  } else if (input.kind === 'sector') {
    const full = input.analysis.full;
    for (const m of full?.movers ?? []) add(m);
    keys.push(...(full?.anomalies.map((a) => a.signal) ?? []));
    flags(full?.riskFlags ?? []);
  } else {
    const { movers, anomalies } = input.analysis;
    for (const m of [...movers.day.up, ...movers.day.down, ...movers.week.up, ...movers.week.down]) add(m);
    keys.push(...anomalies.map((a) => a.signal));
  }
  return [...new Set(keys)];
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ''))];
}
