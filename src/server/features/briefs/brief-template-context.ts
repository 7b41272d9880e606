import type { AnalysisLang, BriefInputs, ProjectAnalysisResponse } from '../../../shared/api/analysis.schema.ts';
import { type Citer, unsigned } from './brief-cite.ts';
import { labelOf } from './brief-labels.ts';
import type { Part } from './brief-sentences.ts';

// The template brief's sentences on what the breakdown table does not say: how old and of what kind its inputs are,
// where the heat sits against the sector's median and its own 30-day range, and what changed most since yesterday.

/** First sentence of every brief: the kind and age of the inputs (the date itself is on the brief's inputs line). */
export function inputsParts(inputs: BriefInputs, lang: AnalysisLang, citer: Citer): Part[] {
  const zh = lang === 'zh';
  const age = citer.cite(inputs.ageDays, /^inputs\.ageDays$/);
  switch (inputs.kind) {
    case 'sample':
      return zh
        ? ['以下依据内置样本数据', ...(age ? ['（距今 ', age, ' 天）'] : []), '，不是实时行情。']
        : [
            'This rests on the built-in sample data',
            ...(age ? [', ', age, ' days old'] : []),
            ', not live market data.',
          ];
    case 'stale':
      return zh
        ? ['输入数据已过期', ...(age ? ['（最后更新距今 ', age, ' 天）'] : []), '。']
        : ['Its inputs are stale', ...(age ? [': last refreshed ', age, ' days ago'] : []), '.'];
    case 'live':
      return [zh ? '以下依据实时数据。' : 'This rests on live data.'];
    case 'none':
      return [zh ? '还没有任何数据源的输入。' : 'No data source has supplied inputs yet.'];
  }
}

/** "Above its sector's median of 41.3 (12 projects)"; null without a median. */
export function sectorMedianParts(heat: number | null, lang: AnalysisLang, citer: Citer): Part[] | null {
  const medianValue = citer.valueOf('context.sectorMedian');
  const median = citer.cite(medianValue, /^context\.sectorMedian$/);
  if (!median || heat === null || medianValue === null) return null;
  const count = citer.cite(citer.valueOf('context.sectorProjects'), /^context\.sectorProjects$/);
  const side = heat > medianValue ? 'above' : heat < medianValue ? 'below' : 'at';
  const zh = lang === 'zh';
  const words = { above: zh ? '高于' : 'above', below: zh ? '低于' : 'below', at: zh ? '等于' : 'at' }[side];
  return zh
    ? [`它的热度${words}所在板块的中位数 `, median, ...(count ? ['（共 ', count, ' 个有热度的项目）'] : []), '。']
    : [
        `Its heat is ${words} its sector's median of `,
        median,
        ...(count ? [' (', count, ' scored projects)'] : []),
        '.',
      ];
}

/** Where today's heat sits in its own 30-day range, or how many days of history the range still lacks. */
export function rangeParts(heat: number | null, lang: AnalysisLang, citer: Citer): Part[] | null {
  const zh = lang === 'zh';
  const lowValue = citer.valueOf('context.range30d.low');
  const highValue = citer.valueOf('context.range30d.high');
  const daysValue = citer.valueOf('context.range30d.days');
  const citeDays = () => citer.cite(daysValue, /^context\.range30d\.days$/);
  if (lowValue === null || highValue === null || heat === null) {
    const days = citeDays();
    if (!days) return null;
    return zh
      ? ['它自己的 30 天区间至少需要两天的历史，目前有 ', days, ' 天。']
      : ['Its own 30-day range needs at least two days of history; there are ', days, ' so far.'];
  }
  // Cited in the order the sentence reads them.
  const low = citer.cite(lowValue, /^context\.range30d\.low$/);
  const high = citer.cite(highValue, /^context\.range30d\.high$/);
  const days = citeDays();
  const span = highValue - lowValue;
  const at =
    span <= 0
      ? 'middle'
      : (heat - lowValue) / span >= 2 / 3
        ? 'top'
        : (heat - lowValue) / span <= 1 / 3
          ? 'bottom'
          : 'middle';
  const place = zh
    ? { top: '上部', middle: '中部', bottom: '下部' }[at]
    : { top: 'the top third', middle: 'the middle third', bottom: 'the bottom third' }[at];
  return zh
    ? [
        '过去 30 天它的热度在 ',
        low,
        ' 到 ',
        high,
        ' 之间',
        ...(days ? ['（', days, ' 天的历史）'] : []),
        `，目前处于区间${place}。`,
      ]
    : [
        'Over the last 30 days its heat ranged from ',
        low,
        ' to ',
        high,
        ...(days ? [' (', days, ' days of history)'] : []),
        `; it now sits in ${place} of that range.`,
      ];
}

/** The breakdown component that changed most since the run a day before, with its change; null without one. */
export function biggestChangeParts(a: ProjectAnalysisResponse, lang: AnalysisLang, citer: Citer): Part[] | null {
  const drivers = [...(a.full?.movers.day?.drivers ?? [])].sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta));
  const top = drivers[0];
  if (!top) return null;
  const cited = unsigned(citer.cite(top.delta, new RegExp(`^move\\.day\\.driver\\.${top.key}$`), [top.key]));
  if (!cited) return null;
  const rose = top.delta > 0;
  return lang === 'zh'
    ? [`与昨天相比变化最大的是${labelOf(top.key, lang)}，${rose ? '增加' : '减少'}了 `, cited, ' 分。']
    : [`The biggest change since yesterday: ${labelOf(top.key, lang)}, ${rose ? 'up' : 'down'} `, cited, ' points.'];
}
