import { describe, expect, test } from 'vitest';
import { ANALYSIS_LANGS } from '../../../shared/api/analysis.schema.ts';
import {
  emptyProjectAnalysis,
  marketAnalysis,
  projectAnalysis,
  sectorAnalysis,
} from './brief-fixtures.test-support.ts';
import { type BriefInput, subjectOf } from './brief-input.ts';
import { buildBriefPrompt } from './brief-prompt.ts';
import { checkBrief } from './brief-tags.ts';
import { writeTemplateBrief } from './brief-template.ts';

const INPUTS: Record<string, BriefInput> = {
  project: { kind: 'project', analysis: projectAnalysis() },
  digits: { kind: 'project', analysis: projectAnalysis('1inch', '1inch') },
  empty: { kind: 'project', analysis: emptyProjectAnalysis() },
  sector: { kind: 'sector', analysis: sectorAnalysis() },
  market: { kind: 'market', analysis: marketAnalysis() },
};
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
    expect(text).toContain('rose by 5.3 points, mostly through xFollowers');
    expect(text).toContain('Unusual against the 30d mean: mentions (up, z-score 4.7).');
    expect(segments).toContainEqual({ text: '4.7', fact: 'anomaly.mentions.zScore' });
    expect(text).toContain('thin liquidity against its market cap (high)');
    expect(text).toContain('Most similar: SushiSwap, 1inch.');
    const zh = textOf(writeTemplateBrief(INPUTS.project!, 'zh').segments);
    expect(zh).toContain('Uniswap 当前热度分为 72.4。');
    expect(zh).toContain('上升了 5.3 分');
    expect(zh).toContain('mentions（偏高，z 值 4.7）。');
  });

  test('a project without data says so, in both languages, with no number', () => {
    expect(textOf(writeTemplateBrief(INPUTS.empty!, 'en').segments)).toBe(
      'There is no data for NewCoin yet: no heat score has been computed, so there is nothing to analyse.',
    );
    const zh = writeTemplateBrief(INPUTS.empty!, 'zh');
    expect(textOf(zh.segments)).toContain('还没有数据');
    expect(zh.cited).toEqual([]);
  });

  test('a number without a fact is left out, not written', () => {
    const analysis = projectAnalysis();
    analysis.facts = analysis.facts.filter((f) => f.key !== 'heat.score');
    const text = textOf(writeTemplateBrief({ kind: 'project', analysis }, 'en').segments);
    expect(text).toContain('Uniswap has no heat score yet.');
    expect(text).not.toContain('72.4');
  });

  test('sector share as a percentage, and the market brief names risers, fallers and rotation', () => {
    const sector = writeTemplateBrief(INPUTS.sector!, 'en').segments;
    expect(sector).toContainEqual({ text: '23.4%', fact: 'sector.share' });
    expect(textOf(sector)).toContain('It holds 23.4% of total heat, down 1.2% over 7d.');
    const market = textOf(writeTemplateBrief(INPUTS.market!, 'en').segments);
    expect(market).toContain('Biggest 24h risers: Uniswap (5.3 points).');
    expect(market).toContain('Biggest 24h fallers: Aave (4.5 points).');
    expect(market).toContain('Over 7d the DeFi sector gained the most share of total heat (5%).');
    expect(market).toContain('Over 7d the Layer 2 sector lost the most share of total heat (5%).');
  });
});

describe('the prompt', () => {
  test('holds every fact (key, value, unit, source, as-of) and the findings, and asks for tags in the language', () => {
    const en = buildBriefPrompt(INPUTS.project!, 'en');
    expect(en.user).toContain('heat.score | 72.4 | points | heatrank | 2026-11-24T12:00:00.000Z');
    expect(en.user).toContain('market.cap | 4512345678 | usd | coingecko');
    expect(en.user).toContain('24h move: Uniswap, driven by xFollowers');
    expect(en.user).toContain('risk flag: thinLiquidity (high)');
    expect(en.system).toContain('{{value|fact key}}');
    expect(en.system).toContain('3 to 6 sentences');
    const zh = buildBriefPrompt(INPUTS.project!, 'zh');
    expect(zh.system).toContain('{{数值|事实键}}');
    expect(zh.system).toContain('3 到 6 句');
    expect(buildBriefPrompt(INPUTS.empty!, 'en').user).toContain('(none: there is no data yet)');
    expect(buildBriefPrompt(INPUTS.market!, 'en').user).toContain('sector share over 7d: Layer 2 losing');
  });
});
