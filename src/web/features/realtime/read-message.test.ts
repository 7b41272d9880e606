import { describe, expect, test } from 'vitest';
import { RealtimeMessageSchema } from '../../../shared/api/realtime.schema.ts';
import { readRealtimeMessage } from './read-message.ts';

// The hand reader must read exactly what the contract's schema reads, and refuse what it refuses.
const SAMPLES: unknown[] = [
  { seq: 1, hints: [] },
  { seq: 2, hints: [{ type: 'projects.updated' }, { type: 'projects.updated', ids: ['ethereum', 'bitcoin'] }] },
  { seq: 3, hints: [{ type: 'sectors.updated' }, { type: 'heat.recomputed', asOf: '2026-11-30T06:00:00.000Z' }] },
  {
    seq: 4,
    hints: [
      { type: 'sync.updated', job: 'heat' },
      { type: 'me.updated', what: 'points' },
    ],
  },
  {
    seq: 5,
    hints: [
      { type: 'me.updated', what: 'notifications' },
      { type: 'me.updated', what: 'profile' },
    ],
  },
  // refused: a newer server's hint, wrong fields, not a message
  { seq: 6, hints: [{ type: 'teams.updated' }] },
  { seq: 7, hints: [{ type: 'projects.updated', ids: [1, 2] }] },
  { seq: 8, hints: [{ type: 'projects.updated', ids: 'ethereum' }] },
  { seq: 9, hints: [{ type: 'heat.recomputed' }] },
  { seq: 10, hints: [{ type: 'sync.updated', job: 7 }] },
  { seq: 11, hints: [{ type: 'me.updated', what: 'everything' }] },
  { seq: 12, hints: [{ type: 'toString' }] },
  { seq: 1.5, hints: [] },
  { seq: '1', hints: [] },
  { seq: 13, hints: {} },
  { hints: [] },
  { seq: 14, hints: [null] },
  null,
  'not json',
  [],
];

describe('reading a realtime message', () => {
  test.each(SAMPLES.map((sample) => [JSON.stringify(sample), sample]))(
    '%s reads as the schema reads it',
    (_, sample) => {
      const parsed = RealtimeMessageSchema.safeParse(sample);
      expect(readRealtimeMessage(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  test('the samples cover every hint type the contract has, read and refused', () => {
    const read = SAMPLES.map(readRealtimeMessage).flatMap((message) => message?.hints ?? []);
    const types = new Set(read.map((hint) => hint.type));
    const contractTypes = RealtimeMessageSchema.shape.hints.element.options.map((option) => option.shape.type.value);
    expect([...types].sort()).toEqual([...contractTypes].sort());
    expect(SAMPLES.filter((sample) => readRealtimeMessage(sample) === null).length).toBeGreaterThan(10);
  });
});
