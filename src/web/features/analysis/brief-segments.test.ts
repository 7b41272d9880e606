import { describe, expect, test } from 'vitest';
import type { AnalysisFact } from '../../../shared/api/analysis.schema.ts';
import { briefText, findFact, toBriefParts } from './brief-segments.ts';

const fact = (key: string, anchor: string | null): AnalysisFact => ({
  key,
  value: 12.5,
  unit: 'points',
  source: 'heatrank',
  asOf: '2026-11-24T12:00:00.000Z',
  anchor,
});

describe('toBriefParts', () => {
  test('a cited number links to its fact anchor; plain runs stay text', () => {
    const facts = [fact('breakdown.twitterFollowers.contribution', 'breakdown-twitterFollowers')];

    const parts = toBriefParts(
      [
        { text: 'X followers add ', fact: null },
        { text: '12.5', fact: 'breakdown.twitterFollowers.contribution' },
        { text: ' points.', fact: null },
      ],
      facts,
    );

    expect(parts).toEqual([
      { kind: 'text', text: 'X followers add ' },
      {
        kind: 'citation',
        text: '12.5',
        factKey: 'breakdown.twitterFollowers.contribution',
        fact: facts[0],
        href: '#breakdown-twitterFollowers',
      },
      { kind: 'text', text: ' points.' },
    ]);
  });

  test('a fact without an anchor is a citation without a link; an unknown fact keeps its key', () => {
    const parts = toBriefParts(
      [
        { text: '3', fact: 'market.anomalyCount' },
        { text: '7', fact: 'missing.key' },
      ],
      [fact('market.anomalyCount', null)],
    );

    expect(parts.map((p) => (p.kind === 'citation' ? [p.href, p.fact?.key ?? null] : null))).toEqual([
      [null, 'market.anomalyCount'],
      [null, null],
    ]);
  });

  test('adjacent plain runs merge and empty runs are dropped', () => {
    const parts = toBriefParts(
      [
        { text: 'a', fact: null },
        { text: '', fact: 'x' },
        { text: 'b', fact: null },
      ],
      [],
    );

    expect(parts).toEqual([{ kind: 'text', text: 'ab' }]);
  });
});

describe('briefText and findFact', () => {
  test('the text joins every segment; a fact is found by key', () => {
    const segments = [
      { text: 'Heat ', fact: null },
      { text: '71', fact: 'heat.score' },
    ];

    expect(briefText(segments)).toBe('Heat 71');
    expect(findFact([fact('heat.score', 'project-scores')], 'heat.score')?.anchor).toBe('project-scores');
    expect(findFact([], 'heat.score')).toBeUndefined();
  });
});
