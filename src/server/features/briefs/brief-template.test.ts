import { describe, expect, test } from 'vitest';
import { ANALYSIS_LANGS } from '../../../shared/api/analysis.schema.ts';
import {
  CONTEXT_FACTS,
  emptyProjectAnalysis,
  LIVE_INPUTS,
  marketAnalysis,
  projectAnalysis,
  SAMPLE_AGE_FACT,
  SAMPLE_INPUTS,
  sectorAnalysis,
} from './brief-fixtures.test-support.ts';
import { type BriefInput, subjectOf } from './brief-input.ts';
import { buildBriefPrompt } from './brief-prompt.ts';
import { checkBrief } from './brief-tags.ts';
import { writeTemplateBrief } from './brief-template.ts';

const INPUTS: Record<string, BriefInput> = {
  project: { kind: 'project', analysis: projectAnalysis(), inputs: LIVE_INPUTS },
  digits: { kind: 'project', analysis: projectAnalysis('1inch', '1inch'), inputs: LIVE_INPUTS },
  empty: { kind: 'project', analysis: emptyProjectAnalysis(), inputs: LIVE_INPUTS },
  sector: { kind: 'sector', analysis: sectorAnalysis(), inputs: LIVE_INPUTS },
  market: { kind: 'market', analysis: marketAnalysis(), inputs: LIVE_INPUTS },
  sampleProject: {
    kind: 'project',
    analysis: withFacts(projectAnalysis(), [SAMPLE_AGE_FACT, ...CONTEXT_FACTS]),
    inputs: SAMPLE_INPUTS,
  },
  sampleSector: { kind: 'sector', analysis: withFacts(sectorAnalysis(), [SAMPLE_AGE_FACT]), inputs: SAMPLE_INPUTS },
  sampleMarket: { kind: 'market', analysis: withFacts(marketAnalysis(), [SAMPLE_AGE_FACT]), inputs: SAMPLE_INPUTS },
};
function withFacts<T extends { facts: unknown[] }>(analysis: T, facts: T['facts']): T {
  return { ...analysis, facts: [...analysis.facts, ...facts] };
}
const textOf = (segments: { text: string }[]) => segments.map((s) => s.text).join('');
/** The segments written back as tagged text, as a model would have written them. */
const tagged = (segments: { text: string; fact: string | null }[]) =>
  segments.map((s) => (s.fact ? `{{${s.text}|${s.fact}}}` : s.text)).join('');

describe('the template brief', () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    for (const lang of ANALYSIS_LANGS) {
      test(`${name} (${lang}): every number is a citation of a fact and passes the model's own check`, () => {
        const { segments, cited } = writeTemplateBrief(input, lang);
        expect(segments.length).toBeGreaterThan(0);
        const subject = subjectOf(input);
        const result = checkBrief(tagged(segments), subject.facts, subject.names);
        expect(result).toMatchObject({ ok: true });
        expect(cited).toEqual(result.ok ? result.cited : []);
      });
    }
  }

  test('a project brief cites its heat, its 24h change (signless, with the direction in words) and names its risks', () => {
    const { segments } = writeTemplateBrief(INPUTS.project!, 'en');
    expect(segments).toContainEqual({ text: '72.4', fact: 'heat.score' });
    expect(segments).toContainEqual({ text: '5.3', fact: 'move.day.change' });
    const text = textOf(segments);
    expect(text).toContain('Uniswap has a heat score of 72.4.');
    expect(text).toContain('Over the last 24 hours its heat rose by 5.3 points, mostly through X (Twitter) followers.');
    expect(text).toContain('Unusual against its 30-day mean: Mentions (up, z-score 4.7).');
    expect(segments).toContainEqual({ text: '4.7', fact: 'anomaly.mentions.zScore' });
    expect(text).toContain('thin liquidity against its market cap (high)');
    expect(text).toContain('Most similar: SushiSwap, 1inch.');
    const zh = textOf(writeTemplateBrief(INPUTS.project!, 'zh').segments);
    expect(zh).toContain('Uniswap 当前热度分为 72.4。');
    expect(zh).toContain('上升了 5.3 分');
    expect(zh).toContain('提及量（偏高，z 值 4.7）。');
  });

  test('a project brief cites its top breakdown contributions (linking to the breakdown rows), named in words', () => {
    const analysis = projectAnalysis();
    analysis.facts.push(
      { ...analysis.facts[0]!, key: 'breakdown.mentions7d.contribution', value: 12.5, anchor: 'breakdown-mentions7d' },
      { ...analysis.facts[0]!, key: 'breakdown.stars.contribution', value: 6.25, anchor: 'breakdown-stars' },
      { ...analysis.facts[0]!, key: 'breakdown.forks.contribution', value: 1, anchor: 'breakdown-forks' },
      { ...analysis.facts[0]!, key: 'breakdown.clamp.contribution', value: 30, anchor: 'breakdown-clamp' },
      { ...analysis.facts[0]!, key: 'breakdown.priceChange24hPct.contribution', value: -2, anchor: null },
    );
    const input: BriefInput = { kind: 'project', analysis, inputs: LIVE_INPUTS };
    const en = writeTemplateBrief(input, 'en');
    const cited = en.cited.filter((key) => key.startsWith('breakdown.'));
    expect(cited).toEqual([
      'breakdown.twitterFollowers.contribution',
      'breakdown.mentions7d.contribution',
      'breakdown.stars.contribution',
    ]);
    expect(textOf(en.segments)).toContain(
      'The largest contributions to its heat: X (Twitter) followers 20 points, Mentions (7 days) 12.5 points and GitHub stars 6.3 points.',
    );
    const zh = writeTemplateBrief(input, 'zh');
    expect(textOf(zh.segments)).toContain(
      '热度贡献最大的是 X（Twitter）粉丝 20 分、提及量（7 天） 12.5 分和 GitHub 星标 6.3 分。',
    );
    for (const lang of ANALYSIS_LANGS) {
      const { segments } = writeTemplateBrief(input, lang);
      const subject = subjectOf(input);
      expect(checkBrief(tagged(segments), subject.facts, subject.names)).toMatchObject({ ok: true });
    }
  });

  test('components, signals and windows read as words in both languages, never as keys', () => {
    const analysis = projectAnalysis();
    analysis.full!.movers.day!.drivers = [
      { key: 'market', current: 20, previous: 16, delta: 4 },
      { key: 'development', current: 5, previous: 4, delta: 1 },
      { key: 'age', current: -1, previous: 0, delta: -1 },
    ];
    analysis.full!.anomalies[0]!.signal = 'heat';
    const input: BriefInput = { kind: 'project', analysis, inputs: LIVE_INPUTS };
    const en = textOf(writeTemplateBrief(input, 'en').segments);
    expect(en).toContain(
      'Over the last 24 hours its heat rose by 5.3 points, mostly through Market and Development, while Listing age pulled the other way.',
    );
    expect(en).toContain('Unusual against its 30-day mean: Heat (up, z-score 4.7).');
    const zh = textOf(writeTemplateBrief(input, 'zh').segments);
    expect(zh).toContain('过去 24 小时热度上升了 5.3 分，主要由市场和开发带动，上线时长则朝相反方向变动。');
    expect(zh).toContain('与 30 天均值相比异常的信号：热度（偏高，z 值 4.7）。');
    expect(en).not.toMatch(/\b(24h|7d|30d|development)\b/);
    expect(zh).not.toMatch(/\b(24h|7d|30d|market|development|age|heat)\b/);
    const sector = textOf(writeTemplateBrief(INPUTS.sector!, 'zh').segments);
    expect(sector).toContain('（7 天前为 24.6%）');
    expect(sector).toContain('Uniswap 在 24 小时内上升了 5.3 分');
    const market = textOf(writeTemplateBrief(INPUTS.market!, 'zh').segments);
    expect(market).toContain('24 小时内热度上升最多：Uniswap（5.3 分）。');
    expect(market).not.toMatch(/24h|7d|30d/);
  });

  test('a brief on the sample says so first, with its age cited, and never calls the heat current', () => {
    const zh = writeTemplateBrief(INPUTS.sampleProject!, 'zh');
    const zhText = textOf(zh.segments);
    expect(zhText.startsWith('以下依据内置样本数据（距今 517 天），不是实时行情。')).toBe(true);
    expect(zh.segments).toContainEqual({ text: '517', fact: 'inputs.ageDays' });
    expect(zhText).toContain('Uniswap 热度分为 72.4。');
    expect(zhText).not.toContain('当前');
    const en = textOf(writeTemplateBrief(INPUTS.sampleProject!, 'en').segments);
    expect(en.startsWith('This rests on the built-in sample data, 517 days old, not live market data.')).toBe(true);
    // What the table does not show: sector median, its own 30-day range, the biggest change since yesterday.
    expect(en).toContain("Its heat is above its sector's median of 41.3 (12 scored projects).");
    expect(en).toContain(
      'Over the last 30 days its heat ranged from 38.5 to 80.1 (9 days of history); it now sits in the top third of that range.',
    );
    expect(en).toContain('The biggest change since yesterday: X (Twitter) followers, up 4 points.');
    expect(zhText).toContain('它的热度高于所在板块的中位数 41.3（共 12 个有热度的项目）。');
    // Live inputs: no age, and "current" stays.
    const live = textOf(writeTemplateBrief(INPUTS.project!, 'zh').segments);
    expect(live.startsWith('以下依据实时数据。')).toBe(true);
    expect(live).toContain('Uniswap 当前热度分为 72.4。');
  });

  test('a range with under two days of history says how many days there are, not a range', () => {
    const analysis = projectAnalysis();
    analysis.facts.push({ ...CONTEXT_FACTS[2]!, value: 1 });
    const text = textOf(writeTemplateBrief({ kind: 'project', analysis, inputs: LIVE_INPUTS }, 'en').segments);
    expect(text).toContain('Its own 30-day range needs at least two days of history; there are 1 so far.');
  });

  test('a project without data says so, in both languages, with no number', () => {
    expect(textOf(writeTemplateBrief(INPUTS.empty!, 'en').segments)).toBe(
      'This rests on live data. There is no data for NewCoin yet: no heat score has been computed, so there is nothing to analyse.',
    );
    const zh = writeTemplateBrief(INPUTS.empty!, 'zh');
    expect(textOf(zh.segments)).toContain('还没有数据');
    expect(zh.cited).toEqual([]);
  });

  test('a number without a fact is left out, not written', () => {
    const analysis = projectAnalysis();
    analysis.facts = analysis.facts.filter((f) => f.key !== 'heat.score');
    const text = textOf(writeTemplateBrief({ kind: 'project', analysis, inputs: LIVE_INPUTS }, 'en').segments);
    expect(text).toContain('Uniswap has no heat score yet.');
    expect(text).not.toContain('72.4');
  });

  test('sector share as a percentage, and the market brief names risers, fallers and rotation', () => {
    const sector = writeTemplateBrief(INPUTS.sector!, 'en').segments;
    expect(sector).toContainEqual({ text: '23.4%', fact: 'sector.share' });
    // A change of shares is in percentage points: the brief names the share 7 days ago, never "down 1.2%".
    expect(textOf(sector)).toContain('It holds 23.4% of total heat, against 24.6% 7 days ago.');
    expect(sector).toContainEqual({ text: '24.6%', fact: 'sector.shareBefore7d' });
    expect(textOf(writeTemplateBrief(INPUTS.sector!, 'zh').segments)).toContain(
      '它占全市场热度的 23.4%（7 天前为 24.6%）。',
    );
    const market = textOf(writeTemplateBrief(INPUTS.market!, 'en').segments);
    expect(market).toContain('Biggest risers over 24 hours: Uniswap (5.3 points).');
    expect(market).toContain('Biggest fallers over 24 hours: Aave (4.5 points).');
    expect(market).toContain('Over 7 days the DeFi sector gained the most share of total heat (from 25% to 30%).');
    expect(market).toContain('Over 7 days the Layer 2 sector lost the most share of total heat (from 25% to 20%).');
  });
});

describe('the prompt', () => {
  test('holds every fact (key, value, unit, source, as-of) and the findings, and asks for tags in the language', () => {
    const en = buildBriefPrompt(INPUTS.project!, 'en');
    expect(en.user).toContain('heat.score | 72.4 | points | heatrank | 2026-11-24T12:00:00.000Z');
    expect(en.user).toContain('market.cap | 4512345678 | usd | coingecko');
    expect(en.user).toContain('24h move: Uniswap, driven by twitterFollowers');
    expect(en.user).toContain('risk flag: thinLiquidity (high)');
    expect(en.system).toContain('{{value|fact key}}');
    expect(en.user).toContain('twitterFollowers = X (Twitter) followers');
    expect(buildBriefPrompt(INPUTS.project!, 'zh').user).toContain('mentions = 提及量');
    expect(en.system).toContain('3 to 6 sentences');
    const zh = buildBriefPrompt(INPUTS.project!, 'zh');
    expect(zh.system).toContain('{{数值|事实键}}');
    expect(zh.system).toContain('3 到 6 句');
    expect(buildBriefPrompt(INPUTS.empty!, 'en').user).toContain('(none: there is no data yet)');
    expect(buildBriefPrompt(INPUTS.market!, 'en').user).toContain('sector share over 7d: Layer 2 losing');
  });
});
