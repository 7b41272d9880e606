import { describe, expect, test } from 'vitest';
import { diffAuditEntry, formatAuditValue } from './audit-diff.ts';

describe('diffAuditEntry', () => {
  test('an edit lists only the fields that differ, compared as JSON (arrays and objects by value)', () => {
    const before = { id: 'x', name: 'X', chains: ['Ethereum'], team: { en: 'A' }, descriptionZh: '旧' };
    const after = { id: 'x', name: 'X', chains: ['Ethereum', 'Base'], team: { en: 'A' }, descriptionZh: '新' };

    expect(diffAuditEntry(before, after)).toEqual([
      { field: 'chains', before: ['Ethereum'], after: ['Ethereum', 'Base'] },
      { field: 'descriptionZh', before: '旧', after: '新' },
    ]);
  });

  test('a field present on one side only is a change (after first, then fields only before had)', () => {
    expect(diffAuditEntry({ a: 1, gone: true }, { a: 1, added: 'y' })).toEqual([
      { field: 'added', before: undefined, after: 'y' },
      { field: 'gone', before: true, after: undefined },
    ]);
  });

  test('a create (no before) and a delete (no after) list every field', () => {
    expect(diffAuditEntry(null, { id: 'n', name: 'N' }).map((c) => c.field)).toEqual(['id', 'name']);
    expect(diffAuditEntry({ id: 'n' }, null)).toEqual([{ field: 'id', before: 'n', after: undefined }]);
  });

  test('non-object sides are one unnamed change, or none when equal', () => {
    expect(diffAuditEntry(null, null)).toEqual([]);
    expect(diffAuditEntry(null, 'merge')).toEqual([{ field: '', before: null, after: 'merge' }]);
  });
});

test('formatAuditValue: strings as they are, absent as —, the rest as JSON', () => {
  expect(formatAuditValue('text')).toBe('text');
  expect(formatAuditValue(undefined)).toBe('—');
  expect(formatAuditValue(null)).toBe('—');
  expect(formatAuditValue(['a', 'b'])).toBe('["a","b"]');
});
