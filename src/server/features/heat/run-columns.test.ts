import { describe, expect, test } from 'vitest';
import { CODE_SCORING_MODEL, computeTrendingCutoff, deriveStatus } from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { ProjectInputs, ProjectScoreWrite } from './heat.queries.ts';
import { compareWithStored, finishProject, listedAt, scoreStatusFree } from './project-scoring.ts';
import { RunColumns } from './run-columns.ts';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const MODEL = CODE_SCORING_MODEL;

/** Project `i`: every few one unscored, some listed this month, growing social figures; `stored` as the last run left it. */
function inputs(i: number, stored: Partial<ProjectInputs> = {}): ProjectInputs {
  const unscored = i % 9 === 0;
  return {
    id: `p${String(i).padStart(3, '0')}`,
    category: i % 3 === 0 ? 'DeFi' : 'Gaming',
    followersTwitter: unscored ? null : 1_000 * (i + 1),
    mentions7d: unscored ? null : 10 * i,
    engagementAvg: null,
    followersTelegram: unscored ? null : 500 + i,
    followersDiscord: null,
    marketCap: unscored ? null : 1e6 * (i + 1),
    volume24h: unscored ? null : 1e5 * (i + 2),
    priceChange24h: unscored ? null : (i % 7) - 3,
    priceChange7d: null,
    devCommits: i % 4 === 0 ? null : 20 * i,
    devStars: null,
    devForks: null,
    devContributors: null,
    devCodeFrequency: null,
    newsMentions: i % 5 === 0 ? null : i,
    googleTrends: null,
    redditMentions: null,
    redditAuthors: null,
    listedAtMs: i % 4 === 1 ? NOW.getTime() - 10 * DAY_MS : NOW.getTime() - 400 * DAY_MS,
    isVerified: i % 2 === 0,
    storedHeat: null,
    storedSocial: null,
    storedStatus: null,
    storedEvidence: 0,
    storedModel: null,
    storedHash: null,
    storedGain: null,
    storedRescoreAtMs: null,
    storedScoredVersion: 0,
    storedInputsVersion: 1,
    ...stored,
  };
}

/** A baseline 24 h back for most projects, spread so that gains fall on both sides of 2 points and of the cutoff. */
const baselineOf = (i: number, heat: number | null) => (heat === null || i % 6 === 5 ? undefined : heat - (i % 11));

/** What the full run wrote before it kept typed arrays: every project finished after the cutoff. */
function finishAfterCutoff(rows: ProjectInputs[]) {
  const scored = rows.map((row, i) => {
    const s = scoreStatusFree(row, undefined, NOW, MODEL);
    return scoreStatusFree(row, baselineOf(i, s.signal), NOW, MODEL);
  });
  const cutoff = computeTrendingCutoff(scored.map((s) => s.gain));
  return scored.map((s, i) => {
    const row = rows[i] as ProjectInputs;
    const status = s.score === null ? null : deriveStatus({ gain24h: s.gain, listedAt: listedAt(row) }, cutoff, NOW);
    const write = finishProject(s, row, status, NOW, MODEL);
    return { write, difference: compareWithStored(write, row, MODEL.version) };
  });
}

describe('RunColumns', () => {
  test('gives the rows, differences and sector members of finishing every project after the cutoff', () => {
    const rows = Array.from({ length: 60 }, (_, i) => inputs(i));
    const expected = finishAfterCutoff(rows);
    const columns = new RunColumns(1); // grows from its smallest size, as when projects arrive during a run

    rows.forEach((row, i) => {
      const free = scoreStatusFree(row, undefined, NOW, MODEL);
      columns.push(row, scoreStatusFree(row, baselineOf(i, free.signal), NOW, MODEL), NOW, MODEL);
    });
    const { statuses, scoredCount } = columns.applyCutoff(NOW);

    const writes = [...columns.pages('all', 7)].flat();
    expect(writes).toEqual(expected.map((e) => e.write));
    expect(rows.map((_, i) => columns.differenceOf(i))).toEqual(expected.map((e) => e.difference));
    // The set covers every status, so both finishes of a rising project were exercised.
    const tally = { trending: 0, rising: 0, new: 0, active: 0 };
    for (const { write } of expected) if (write.status !== null) tally[write.status as keyof typeof tally]++;
    expect(statuses).toEqual(tally);
    expect(Object.values(tally).every((n) => n > 0)).toBe(true);
    expect(scoredCount).toBe(expected.filter((e) => e.write.heat !== null).length);
    const defi = expected.map((e) => e.write).filter((w) => w.category === 'DeFi' && w.heat !== null);
    expect(
      columns
        .membersOf('DeFi')
        .list()
        .map((m) => [m.score, m.gain, Array.from(m.contributions)]),
    ).toEqual(defi.map((w) => [w.heat, w.gain, w.contributions]));
    expect(columns.membersOf('Nothing').list()).toEqual([]);
  });

  test('pages only the rows that differ from the stored ones when asked for the changed', () => {
    const first = finishAfterCutoff([inputs(1), inputs(2)]).map((e) => e.write);
    const asStored = (w: ProjectScoreWrite): Partial<ProjectInputs> => ({
      storedHeat: w.heat,
      storedSocial: w.social,
      storedStatus: w.status,
      storedEvidence: w.evidence,
      storedModel: MODEL.version,
      storedHash: w.hash,
      storedGain: w.gain,
      storedRescoreAtMs: w.rescoreAtMs,
      storedScoredVersion: w.version,
    });
    const rows = [inputs(1, asStored(first[0] as ProjectScoreWrite)), inputs(2)];
    const columns = new RunColumns(2);

    rows.forEach((row, i) => {
      const free = scoreStatusFree(row, undefined, NOW, MODEL);
      columns.push(row, scoreStatusFree(row, baselineOf(i, free.signal), NOW, MODEL), NOW, MODEL);
    });
    columns.applyCutoff(NOW);

    expect(columns.differenceOf(0)).toBe('same');
    expect([...columns.pages('changed', 10)].flat().map((w) => w.id)).toEqual(['p002']);
    expect(columns.countDifferences()).toEqual({ changed: 1, rescored: 1 });
  });
});
