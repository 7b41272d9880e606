import type { AnalysisLang, MarketAnalysisResponse, Mover } from '../../../shared/api/analysis.schema.ts';
import { type Citer, unsigned } from './brief-cite.ts';
import { labelOf, MEAN_WORDS, WINDOW_WORDS } from './brief-labels.ts';
import type { Part, Sentences } from './brief-sentences.ts';

/** The daily market brief without a model: top movers each way over 24h and 7d, sector rotation, anomalies. */
export function marketSentences(a: MarketAnalysisResponse, lang: AnalysisLang, citer: Citer): Sentences {
  const zh = lang === 'zh';
  const out: Sentences = [];
  const moverList = (movers: readonly Mover[]): Part[] => {
    const parts: Part[] = [];
    movers.slice(0, 3).forEach((m, i) => {
      const c = unsigned(citer.cite(m.change, /change/, [m.projectId, m.window]));
      if (i > 0) parts.push(zh ? '、' : ', ');
      parts.push(m.name);
      if (c) parts.push(zh ? '（' : ' (', c, zh ? ' 分）' : ' points)');
    });
    return parts;
  };
  for (const window of ['day', 'week'] as const) {
    const { up, down } = a.movers[window];
    const words = WINDOW_WORDS[lang][window];
    if (up.length > 0)
      out.push([zh ? `${words}内热度上升最多：` : `Biggest risers over ${words}: `, ...moverList(up), zh ? '。' : '.']);
    if (down.length > 0)
      out.push([
        zh ? `${words}内热度下降最多：` : `Biggest fallers over ${words}: `,
        ...moverList(down),
        zh ? '。' : '.',
      ]);
  }
  const gaining = [...a.rotation].filter((r) => r.shareChange > 0).sort((x, y) => y.shareChange - x.shareChange)[0];
  const losing = [...a.rotation].filter((r) => r.shareChange < 0).sort((x, y) => x.shareChange - y.shareChange)[0];
  for (const [entry, gained] of [
    [gaining, true],
    [losing, false],
  ] as const) {
    if (!entry) continue;
    // The share before and now, not the change: a change of shares is in percentage points, and "down 85.6%" would
    // read as a relative fall.
    const before = citer.cite(entry.shareBefore, /shareBefore/, [entry.sectorId]);
    const now = citer.cite(entry.shareNow, /shareNow/, [entry.sectorId]);
    const verb = zh ? (gained ? '增加' : '减少') : gained ? 'gained' : 'lost';
    const span = before && now;
    out.push(
      zh
        ? [`7 天内 ${entry.name} 板块的热度占比${verb}最多`, ...(span ? ['，从 ', before, ' 变为 ', now] : []), '。']
        : [
            `Over 7 days the ${entry.name} sector ${verb} the most share of total heat`,
            ...(span ? [' (from ', before, ' to ', now, ')'] : []),
            '.',
          ],
    );
  }
  if (a.anomalies.length > 0) {
    const items = a.anomalies
      .slice(0, 3)
      .map((x) => (zh ? `${x.name} 的${labelOf(x.signal, lang)}` : `${x.name} ${labelOf(x.signal, lang)}`));
    out.push([
      zh
        ? `与各自 ${MEAN_WORDS.zh}相比的异常：${items.join('、')}。`
        : `Unusual against their 30-day mean: ${items.join(', ')}.`,
    ]);
  }
  if (out.length === 0) {
    out.push([zh ? '暂无足够的历史数据来撰写市场简报。' : 'There is not enough history yet for a market brief.']);
  }
  return out;
}
