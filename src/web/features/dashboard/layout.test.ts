import { describe, expect, test } from 'vitest';
import type { DashboardWidget } from '../../../shared/api/dashboard.schema.ts';
import { moveWidget, removeWidget, setNoteText, toggleSize } from './layout.ts';

const W: DashboardWidget[] = [
  { id: 'a', kind: 'alerts', size: 'small', settings: {} },
  { id: 'b', kind: 'note', size: 'wide', settings: { text: 'x' } },
  { id: 'c', kind: 'sector_heat', size: 'small', settings: {} },
];
const ids = (list: DashboardWidget[]) => list.map((w) => w.id);

describe('dashboard layout edits', () => {
  test.each([
    { name: 'moves a widget up', index: 1, delta: -1 as const, expected: ['b', 'a', 'c'] },
    { name: 'moves a widget down', index: 1, delta: 1 as const, expected: ['a', 'c', 'b'] },
    { name: 'the first cannot move up', index: 0, delta: -1 as const, expected: ['a', 'b', 'c'] },
    { name: 'the last cannot move down', index: 2, delta: 1 as const, expected: ['a', 'b', 'c'] },
  ])('$name', ({ index, delta, expected }) => {
    expect(ids(moveWidget(W, index, delta))).toEqual(expected);
  });

  test('resizes, removes and edits a note without touching the others', () => {
    expect(toggleSize(W, 'a').map((w) => w.size)).toEqual(['wide', 'wide', 'small']);
    expect(ids(removeWidget(W, 'b'))).toEqual(['a', 'c']);
    expect(setNoteText(W, 'b', 'new')[1]).toEqual({ id: 'b', kind: 'note', size: 'wide', settings: { text: 'new' } });
    expect(setNoteText(W, 'a', 'new')[0]).toEqual(W[0]);
  });
});
