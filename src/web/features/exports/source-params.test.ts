import { describe, expect, test } from 'vitest';
import { CreateExportBodySchema } from '../../../shared/api/exports.schema.ts';
import { draftFromSearch, exportHref, toSource } from './source-params.ts';

describe("the export form's source in the URL", () => {
  test("the directory link carries its filters, and the form reads back only the directory's keys", () => {
    const href = exportHref('directory', { category: 'DeFi', sort: 'heat', page: '3', empty: '' });
    const draft = draftFromSearch(new URL(href, 'http://x').searchParams);

    expect(href).toBe('/exports?source=directory&category=DeFi&sort=heat&page=3');
    expect(toSource(draft)).toEqual({ kind: 'directory', filters: { category: 'DeFi', sort: 'heat' } });
  });

  test('a search, a sector, a watchlist and a history come back as valid request sources', () => {
    const cases = [
      ['/exports?source=search&q=uni&heatMin=40&offset=20', { kind: 'search', query: { q: 'uni', heatMin: '40' } }],
      ['/exports?source=sector&id=defi', { kind: 'sector', id: 'defi' }],
      [
        '/exports?source=watchlist&id=00000000-0000-4000-8000-000000000001',
        { kind: 'watchlist', id: '00000000-0000-4000-8000-000000000001' },
      ],
      [
        '/exports?source=project_history&projectId=bitcoin&from=2026-10-01&to=2026-10-31',
        { kind: 'project_history', projectId: 'bitcoin', from: '2026-10-01', to: '2026-10-31' },
      ],
    ] as const;
    for (const [href, source] of cases) {
      const parsed = toSource(draftFromSearch(new URL(href, 'http://x').searchParams));
      expect(parsed).toEqual(source);
      expect(CreateExportBodySchema.safeParse({ source: parsed, options: { format: 'csv' } }).success).toBe(true);
    }
  });

  test('an unknown source kind falls back to the directory', () => {
    expect(draftFromSearch(new URLSearchParams('source=secrets')).kind).toBe('directory');
  });
});
