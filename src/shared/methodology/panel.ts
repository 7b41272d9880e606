import { DAY_MS } from '../time/duration.ts';
import { type EvaluationPanel, PANEL_SIGNALS, type PanelProject, type PanelSignal } from './types.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One project's stored history, keyed by UTC day ('YYYY-MM-DD'). Absent or null = missing, never 0. */
export type ProjectHistory = PanelProject & {
  days: Readonly<Record<string, DailyObservation>>;
};

/** What is known of a project on one day. */
export type DailyObservation = { heat?: number | null } & Partial<Record<PanelSignal, number | null>>;

/** Milliseconds since the epoch of a 'YYYY-MM-DD' UTC day. Throws on any other form. */
function toDayMs(day: string): number {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (!DAY_PATTERN.test(day) || Number.isNaN(ms)) throw new Error(`Not a UTC day: ${day}`);
  return ms;
}

/** The consecutive UTC days from `from` to `to`, both included (empty when `to` is before `from`). */
export function listDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = toDayMs(from); ms <= toDayMs(to); ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/**
 * Lays keyed histories out as a columnar panel over [from, to] (default: the earliest to the latest day seen).
 * Days outside the range are ignored; missing values become NaN. Throws on a malformed day key.
 */
export function toEvaluationPanel(
  histories: readonly ProjectHistory[],
  range?: { from: string; to: string },
): EvaluationPanel {
  let from = range?.from;
  let to = range?.to;
  if (!from || !to) {
    const seen = histories.flatMap((h) => Object.keys(h.days)).sort();
    from = from ?? seen[0];
    to = to ?? seen[seen.length - 1];
  }
  const days = from && to ? listDays(from, to) : [];
  const D = days.length;
  const start = D > 0 ? toDayMs(days[0] as string) : 0;
  const size = histories.length * D;
  const heat = new Float64Array(size).fill(Number.NaN);
  const signals: Partial<Record<PanelSignal, Float64Array>> = {};
  for (const key of PANEL_SIGNALS) signals[key] = new Float64Array(size).fill(Number.NaN);
  histories.forEach((history, p) => {
    for (const [day, observation] of Object.entries(history.days)) {
      const d = (toDayMs(day) - start) / DAY_MS;
      if (d < 0 || d >= D) continue;
      heat[p * D + d] = observation.heat ?? Number.NaN;
      for (const key of PANEL_SIGNALS) (signals[key] as Float64Array)[p * D + d] = observation[key] ?? Number.NaN;
    }
  });
  const projects = histories.map(({ id, sectorIds, modelVersion }) => ({ id, sectorIds, modelVersion }));
  return { days, projects, heat, signals };
}

/** Throws unless the days are consecutive UTC days and every series holds projects × days values. */
export function validatePanel(panel: EvaluationPanel): void {
  const size = panel.projects.length * panel.days.length;
  panel.days.forEach((day, d) => {
    if (d > 0 && toDayMs(day) - toDayMs(panel.days[d - 1] as string) !== DAY_MS) {
      throw new Error(`Panel days must be consecutive: ${panel.days[d - 1]} then ${day}`);
    }
  });
  if (panel.heat.length !== size) throw new Error(`heat holds ${panel.heat.length} values, expected ${size}`);
  for (const [key, series] of Object.entries(panel.signals)) {
    if (series && series.length !== size) throw new Error(`${key} holds ${series.length} values, expected ${size}`);
  }
}
