import type {
  AnalysisLang,
  BriefInputs,
  BriefSegment,
  Mover,
  ProjectAnalysisResponse,
  RiskFlag,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';
import { type Citer, createCiter, unsigned } from './brief-cite.ts';
import type { BriefInput } from './brief-input.ts';
import { labelOf, listOf, MEAN_WORDS, WINDOW_WORDS } from './brief-labels.ts';
import { type Part, type Sentences, toSegments } from './brief-sentences.ts';
import { biggestChangeParts, inputsParts, rangeParts, sectorMedianParts } from './brief-template-context.ts';
import { marketSentences } from './brief-template-market.ts';

// The brief written without a model (none configured, or its brief failed, timed out, was rejected or the budget is
// spent): sentences from the deterministic analytics, every number a citation of a fact. No fact, no number.

const RISK: Record<AnalysisLang, Record<RiskFlag['code'], string>> = {
  en: {
    thinLiquidity: 'thin liquidity against its market cap',
    singleSignal: 'heat carried by a single signal',
    staleInputs: 'stale inputs',
    fewAuthors: 'attention from few distinct authors',
    newListing: 'a very new listing',
  },
  zh: {
    thinLiquidity: '相对市值流动性偏薄',
    singleSignal: '热度由单一信号支撑',
    staleInputs: '输入数据陈旧',
    fewAuthors: '关注来自少数作者',
    newListing: '上线时间很短',
  },
};
const SEVERITY: Record<AnalysisLang, Record<RiskFlag['severity'], string>> = {
  en: { low: 'low', medium: 'medium', high: 'high' },
  zh: { low: '低', medium: '中', high: '高' },
};
const DIRECTION = { en: { up: 'up', down: 'down' }, zh: { up: '偏高', down: '偏低' } } as const;

/** The template brief's segments and the fact keys they cite. */
export function writeTemplateBrief(
  input: BriefInput,
  lang: AnalysisLang,
): { segments: BriefSegment[]; cited: string[] } {
  const citer = createCiter(input.analysis.facts);
  // Every brief opens with what its inputs are: a year-old sample must never read as today's market.
  const sentences: Sentences = [inputsParts(input.inputs, lang, citer)];
  if (input.kind === 'project') sentences.push(...projectSentences(input.analysis, lang, citer, input.inputs));
  else if (input.kind === 'sector') sentences.push(...sectorSentences(input.analysis, lang, citer));
  else sentences.push(...marketSentences(input.analysis, lang, citer));
  return { segments: toSegments(sentences, lang), cited: citer.cited() };
}

export function moverParts(
  m: Mover | null,
  change: number | null,
  window: 'day' | 'week',
  lang: AnalysisLang,
  citer: Citer,
  id: string,
): Part[] | null {
  const value = m?.change ?? change;
  const label = window === 'day' ? '24h' : '7d';
  const cited = unsigned(
    citer.cite(value, new RegExp(`(${window}|${label}).*change|change.*(${window}|${label})`), [id, window]),
  );
  if (!cited || value === null) return null;
  const rose = value >= 0;
  const drivers = m?.drivers ?? [];
  const along = listOf(
    drivers.filter((d) => d.delta !== 0 && d.delta > 0 === rose).map((d) => labelOf(d.key, lang)),
    lang,
  );
  const against = listOf(
    drivers.filter((d) => d.delta !== 0 && d.delta > 0 !== rose).map((d) => labelOf(d.key, lang)),
    lang,
  );
  const words = WINDOW_WORDS[lang][window];
  if (lang === 'zh') {
    const why =
      (along ? `，主要${rose ? '由' : '受'}${along}${rose ? '带动' : '拖累'}` : '') +
      (against ? `，${against}则朝相反方向变动` : '');
    return [`过去 ${words}热度${rose ? '上升' : '下降'}了 `, cited, ` 分${why}。`];
  }
  const why =
    (along ? `, mostly through ${along}` : '') +
    (against ? `${along ? ', while' : ';'} ${against} pulled the other way` : '');
  return [`Over the last ${words} its heat ${rose ? 'rose' : 'fell'} by `, cited, ` points${why}.`];
}

/** Heat adjustments of the breakdown (not inputs): the brief names the inputs that carry the score. */
const ADJUSTMENT_KEYS = new Set(['neutral', 'age', 'status', 'clamp']);
const BREAKDOWN_FACT = /^breakdown\.([^.]+)\.contribution$/;

/**
 * "The largest contributions to its heat: A x points, B y points and C z points": the project's 3 largest positive
 * breakdown inputs, each a citation of its breakdown fact (the page links it to the breakdown table's row).
 */
export function breakdownParts(a: ProjectAnalysisResponse, lang: AnalysisLang, citer: Citer): Part[] | null {
  const top = a.facts
    .map((fact) => ({ fact, key: BREAKDOWN_FACT.exec(fact.key)?.[1] }))
    .filter((x): x is { fact: (typeof a.facts)[number]; key: string } => x.key !== undefined)
    .filter((x) => x.fact.value > 0 && !ADJUSTMENT_KEYS.has(x.key))
    .sort((x, y) => y.fact.value - x.fact.value || x.key.localeCompare(y.key))
    .slice(0, 3)
    .flatMap(({ fact, key }) => {
      const cited = citer.cite(fact.value, new RegExp(`^breakdown\\.${key}\\.`), [key]);
      return cited ? [{ label: labelOf(key, lang), cited }] : [];
    });
  if (top.length === 0) return null;
  const zh = lang === 'zh';
  const parts: Part[] = [zh ? '热度贡献最大的是' : 'The largest contributions to its heat: '];
  top.forEach(({ label, cited }, i) => {
    if (i > 0) parts.push(i === top.length - 1 ? (zh ? '和' : ' and ') : zh ? '、' : ', ');
    parts.push(`${label} `, cited, zh ? ' 分' : ' points');
  });
  parts.push(zh ? '。' : '.');
  return parts;
}

export function riskParts(flags: readonly (RiskFlag & { name?: string })[], lang: AnalysisLang): Part[] {
  if (flags.length === 0) return [lang === 'zh' ? '没有风险提示。' : 'No risk flag is raised.'];
  const list = flags.map((f) =>
    lang === 'zh'
      ? `${f.name ? `${f.name}：` : ''}${RISK.zh[f.code]}（${SEVERITY.zh[f.severity]}）`
      : `${f.name ? `${f.name}: ` : ''}${RISK.en[f.code]} (${SEVERITY.en[f.severity]})`,
  );
  return lang === 'zh' ? [`风险提示：${list.join('；')}。`] : [`Risk flags: ${list.join('; ')}.`];
}

function projectSentences(
  a: ProjectAnalysisResponse,
  lang: AnalysisLang,
  citer: Citer,
  inputs: BriefInputs,
): Sentences {
  const zh = lang === 'zh';
  const heat = citer.cite(a.summary.heat, /heat/, [a.projectId]);
  if (a.summary.heat === null && a.facts.length === 0) {
    return [
      [
        zh
          ? `${a.name} 还没有数据：尚未计算热度分，暂无可分析的内容。`
          : `There is no data for ${a.name} yet: no heat score has been computed, so there is nothing to analyse.`,
      ],
    ];
  }
  const out: Sentences = [];
  // "Current" only when the inputs are live: a score computed from a sample is not today's heat.
  const now = inputs.kind === 'live' ? '当前' : '';
  out.push(
    heat
      ? zh
        ? [`${a.name} ${now}热度分为 `, heat, '。']
        : [`${a.name} has a heat score of `, heat, '.']
      : [zh ? `${a.name} 还没有热度分。` : `${a.name} has no heat score yet.`],
  );
  for (const parts of [sectorMedianParts(a.summary.heat, lang, citer), rangeParts(a.summary.heat, lang, citer)]) {
    if (parts) out.push(parts);
  }
  const breakdown = breakdownParts(a, lang, citer);
  if (breakdown) out.push(breakdown);
  // Written (and so cited) in reading order: the day's move, what changed most in it, then the week's move.
  const day = moverParts(a.full?.movers.day ?? null, a.summary.change24h, 'day', lang, citer, a.projectId);
  const biggest = biggestChangeParts(a, lang, citer);
  const week = moverParts(a.full?.movers.week ?? null, a.summary.change7d, 'week', lang, citer, a.projectId);
  for (const parts of [day, biggest, week]) if (parts) out.push(parts);
  if (!day && !week)
    out.push([
      zh
        ? '历史数据还不足以衡量 24 小时或 7 天的变化。'
        : 'There is not enough history yet to measure a change over 24 hours or 7 days.',
    ]);
  if (!a.full) return out;
  if (a.full.anomalies.length > 0) {
    const parts: Part[] = [zh ? `与 ${MEAN_WORDS.zh}相比异常的信号：` : `Unusual against ${MEAN_WORDS.en}: `];
    a.full.anomalies.slice(0, 3).forEach((x, i) => {
      const z = citer.cite(x.zScore, /zScore/, [x.signal]);
      if (i > 0) parts.push(zh ? '、' : ', ');
      parts.push(
        `${labelOf(x.signal, lang)}${zh ? '（' : ' ('}${DIRECTION[lang][x.direction]}`,
        ...(z ? [zh ? '，z 值 ' : ', z-score ', z] : []),
        zh ? '）' : ')',
      );
    });
    out.push([...parts, zh ? '。' : '.']);
  } else {
    out.push([zh ? '没有信号明显偏离 30 天均值。' : 'No signal is unusual against its 30-day mean.']);
  }
  out.push(riskParts(a.full.riskFlags, lang));
  if (a.full.similar.length > 0) {
    const names = a.full.similar.slice(0, 3).map((s) => s.name);
    out.push([zh ? `最相似的项目：${names.join('、')}。` : `Most similar: ${names.join(', ')}.`]);
  }
  return out;
}

function sectorSentences(a: SectorAnalysisResponse, lang: AnalysisLang, citer: Citer): Sentences {
  const zh = lang === 'zh';
  const heat = citer.cite(a.summary.heat, /heat/, [a.sectorId]);
  const share = citer.cite(a.summary.share, /share/, [a.sectorId]);
  const out: Sentences = [];
  if (a.summary.heat === null && a.facts.length === 0) {
    return [
      [
        zh
          ? `${a.name} 板块还没有数据，暂无可分析的内容。`
          : `There is no data for the ${a.name} sector yet, so there is nothing to analyse.`,
      ],
    ];
  }
  if (heat) out.push(zh ? [`${a.name} 板块热度为 `, heat, '。'] : [`The ${a.name} sector has a heat of `, heat, '.']);
  else out.push([zh ? `${a.name} 板块还没有热度。` : `The ${a.name} sector has no heat yet.`]);
  if (share) {
    // The share 7 days ago, not the change: a change of shares is in percentage points, and "down 1.2%" would read as
    // a relative fall (the market brief says "from X to Y" for the same reason).
    const beforeValue = a.facts.find((f) => f.key === 'sector.shareBefore7d')?.value;
    const before = citer.cite(beforeValue, /shareBefore/, [a.sectorId]);
    out.push(
      zh
        ? ['它占全市场热度的 ', share, ...(before ? ['（7 天前为 ', before, '）'] : []), '。']
        : ['It holds ', share, ' of total heat', ...(before ? [', against ', before, ' 7 days ago'] : []), '.'],
    );
  }
  if (!a.full) return out;
  const top = a.full.movers.slice(0, 3);
  for (const m of top) {
    const c = unsigned(citer.cite(m.change, /change/, [m.projectId, m.window]));
    if (!c) continue;
    const words = WINDOW_WORDS[lang][m.window];
    out.push(
      zh
        ? [`${m.name} 在 ${words}内${m.change >= 0 ? '上升' : '下降'}了 `, c, ' 分。']
        : [`${m.name} ${m.change >= 0 ? 'rose' : 'fell'} `, c, ` points over ${words}.`],
    );
  }
  if (a.full.anomalies.length > 0) {
    const items = a.full.anomalies
      .slice(0, 3)
      .map((x) =>
        zh
          ? `${x.name} 的${labelOf(x.signal, lang)}（${DIRECTION.zh[x.direction]}）`
          : `${x.name} ${labelOf(x.signal, lang)} (${DIRECTION.en[x.direction]})`,
      );
    out.push([zh ? `异常信号：${items.join('、')}。` : `Unusual signals: ${items.join(', ')}.`]);
  }
  out.push(riskParts(a.full.riskFlags.slice(0, 3), lang));
  return out;
}
