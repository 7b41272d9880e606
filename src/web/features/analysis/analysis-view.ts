import type { AnalysisFact, Anomaly, RiskFlag } from '../../../shared/api/analysis.schema.ts';
import { formatCompact, formatPercent, formatScore, formatUsd } from '../../lib/format.ts';

// Pure presentation rules of the analysis panels (unit-tested; the components only render what these return).

/** A fraction of 1 as a percentage: 0.0042 → "0.42%", 0.7 → "70.0%" (three significant digits, at most two decimals). */
export function formatFraction(value: number): string {
  const percent = value * 100;
  const digits = Math.abs(percent) >= 10 ? 1 : 2;
  return `${percent.toFixed(digits)}%`;
}

/** A signed number with two decimals and a real minus: 9.6 → "+9.60", -6.344 → "−6.34", 0.001 → "0.00". */
export function formatSigned(value: number): string {
  const rounded = Math.abs(value) < 0.005 ? 0 : value;
  const text = Math.abs(rounded).toFixed(2);
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : text;
}

/** A share change (fractions of 1) in signed percentage points: 0.0123 → "+1.23", -0.004 → "−0.40". */
export function formatSharePoints(change: number): string {
  return formatSigned(change * 100);
}

/** A plain number for a sentence: whole numbers as they are, others with up to two decimals ("3", "2.41"). */
export function formatPlain(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}

/** Param names that hold a fraction of 1 (shown as a percentage). */
const FRACTION_PARAMS = new Set(['ratio', 'share', 'volumeToMarketCap']);

/**
 * A risk flag's params ready for its translated text: fractions as percentages, ages in days to one decimal, other
 * numbers plain, a signal key
 * through `signalLabel` (so "mentions7d" reads "Mentions (7 days)").
 */
export function formatRiskParams(
  params: RiskFlag['params'],
  signalLabel: (key: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = name === 'signal' ? signalLabel(value) : value;
    else if (FRACTION_PARAMS.has(name)) out[name] = formatFraction(value);
    // Ages in days to one decimal: "12.5", never "12.53472".
    else if (/days$/i.test(name)) out[name] = formatPlain(Number(value.toFixed(1)));
    else out[name] = formatPlain(value);
  }
  return out;
}

/** The `{{name}}` placeholders of a text that `params` does not fill (such a text is not shown half-filled). */
export function missingParams(template: string, params: Record<string, unknown>): string[] {
  const names = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].filter((name) => !(name in params));
}

/** The `n` anomalies furthest from their mean (largest |z| first; ties by name, then signal, so the order is stable). */
export function topAnomalies(anomalies: readonly Anomaly[], n: number): Anomaly[] {
  return [...anomalies]
    .sort(
      (a, b) =>
        Math.abs(b.zScore) - Math.abs(a.zScore) || a.name.localeCompare(b.name) || a.signal.localeCompare(b.signal),
    )
    .slice(0, n);
}

/** The newest ISO time among some, or null (the as-of of a list is its newest item's). */
export function newestTime(times: readonly (string | null | undefined)[]): string | null {
  let newest: string | null = null;
  for (const time of times) if (time && (newest === null || time > newest)) newest = time;
  return newest;
}

/** The data version as a time, or null before the first heat run ('none'). */
export function dataVersionTime(dataVersion: string): string | null {
  return Number.isNaN(Date.parse(dataVersion)) ? null : dataVersion;
}

/** A fact's value in its unit for display: points "49.1", shares and ratios "69.4%", USD "$1.2B", days "12.5". */
export function formatFactValue(fact: Pick<AnalysisFact, 'value' | 'unit'>): string {
  switch (fact.unit) {
    case 'points':
      return formatScore(fact.value);
    case 'share':
    case 'ratio':
      return formatFraction(fact.value);
    case 'percent':
      return formatPercent(fact.value);
    case 'usd':
      return formatUsd(fact.value);
    case 'count':
      return formatCompact(fact.value);
    case 'days':
      return formatPlain(Number(fact.value.toFixed(1)));
    case 'zscore':
      return formatPlain(fact.value);
  }
}

/** Whether a fact's anchor is outside the analysis panel (a breakdown row, the scores card): worth a link from it. */
export function isPageAnchor(anchor: string | null): anchor is string {
  return anchor !== null && !anchor.startsWith('analysis-');
}

/**
 * The fact of an anomaly's value (its source and as-of): `anomaly.<signal>.value` in a project's analysis,
 * `anomaly.<projectId>.<signal>.value` in a sector's, `market.anomaly.<projectId>.<signal>.value` in the market's.
 */
export function findAnomalyFact(
  facts: readonly AnalysisFact[],
  anomaly: Pick<Anomaly, 'projectId' | 'signal'>,
): AnalysisFact | undefined {
  const keys = [
    `anomaly.${anomaly.signal}.value`,
    `anomaly.${anomaly.projectId}.${anomaly.signal}.value`,
    `market.anomaly.${anomaly.projectId}.${anomaly.signal}.value`,
  ];
  return facts.find((fact) => keys.includes(fact.key));
}
