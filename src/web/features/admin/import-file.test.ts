import { describe, expect, test } from 'vitest';
import type { ImportResult } from '../../../shared/api/admin-data.schema.ts';
import { describeImportPlan, readImportFile } from './import-file.ts';

describe('readImportFile', () => {
  test('a file without a projects list is refused (the page shows INVALID_DATA_FORMAT and sends nothing)', () => {
    for (const text of ['', 'not json', '[]', 'null', '42', '{}', '{"projects":{}}', '{"sectors":[]}']) {
      expect(readImportFile(text), text).toBeNull();
    }
  });

  test('a file with a projects list is the body as written, with each name by id', () => {
    const text = JSON.stringify({
      projects: [{ id: 'a', name: 'Alpha' }, { id: 'b' }, 'junk'],
      sectors: [{ id: 'defi', name: 'DeFi' }],
      version: '1.0',
    });
    const file = readImportFile(text);

    expect(file?.projectCount).toBe(3);
    expect(file?.body).toEqual(JSON.parse(text)); // rows are the server's to validate, so bad ones go as they are
    expect([...(file?.names ?? [])]).toEqual([
      ['a', 'Alpha'],
      ['defi', 'DeFi'],
    ]);
  });

  test('an empty projects list is a valid file', () => {
    expect(readImportFile('{"projects":[]}')?.projectCount).toBe(0);
  });
});

const ids = (...list: string[]) => ({ count: list.length, ids: list });
const result = (over: Partial<ImportResult['projects']> = {}): ImportResult => ({
  mode: 'replace',
  written: false,
  projects: { added: ids(), changed: ids(), removed: ids(), unchanged: 0, ...over },
  sectors: { added: ids(), changed: ids(), removed: ids(), unchanged: 3 },
});

describe('describeImportPlan', () => {
  test('groups in order added, changed, removed; empty ones left out; names from the file, else the id', () => {
    const plan = describeImportPlan(
      result({ added: ids('new-one'), removed: ids('gone') }),
      new Map([['new-one', 'New One']]),
    );

    expect(plan).toEqual([
      { list: 'projects', kind: 'added', count: 1, labels: ['New One (new-one)'], more: 0 },
      { list: 'projects', kind: 'removed', count: 1, labels: ['gone'], more: 0 },
    ]);
  });

  test('a long list shows the first entries and counts the rest', () => {
    const many = Array.from({ length: 25 }, (_, i) => `p${i}`);
    const [group] = describeImportPlan(result({ changed: { count: 1000, ids: many } }), new Map(), 20);

    expect(group?.labels).toHaveLength(20);
    expect(group?.more).toBe(980);
  });

  test('nothing to do → no groups', () => {
    expect(describeImportPlan(result({ unchanged: 5 }), new Map())).toEqual([]);
  });
});
