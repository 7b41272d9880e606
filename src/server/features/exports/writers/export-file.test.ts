import { describe, expect, test } from 'vitest';
import { resolveExportFile, toSafeBaseName } from './export-file.ts';

const plain = { includeMetadata: false, zip: false, baseName: '项目目录 2026-11-24' };

describe('resolveExportFile', () => {
  test.each([
    { format: 'csv', tables: 1, options: plain, file: '项目目录 2026-11-24.csv', type: 'text/csv; charset=utf-8' },
    { format: 'csv', tables: 2, options: plain, file: '项目目录 2026-11-24.zip', type: 'application/zip' },
    {
      format: 'csv',
      tables: 1,
      options: { ...plain, includeMetadata: true },
      file: '项目目录 2026-11-24.zip',
      type: 'application/zip',
    },
    {
      format: 'json',
      tables: 2,
      options: { ...plain, includeMetadata: true },
      file: '项目目录 2026-11-24.json',
      type: 'application/json; charset=utf-8',
    },
    {
      format: 'xlsx',
      tables: 2,
      options: plain,
      file: '项目目录 2026-11-24.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    {
      format: 'pdf',
      tables: 1,
      options: { ...plain, zip: true },
      file: '项目目录 2026-11-24.zip',
      type: 'application/zip',
    },
  ] as const)(
    '$format, $tables table(s), metadata $options.includeMetadata, zip $options.zip → $file',
    ({ format, tables, options, file, type }) => {
      expect(resolveExportFile(format, tables, options)).toEqual({
        zipped: type === 'application/zip',
        fileName: file,
        contentType: type,
      });
    },
  );
});

test('base names lose path separators and control characters, never become empty or a dot name', () => {
  expect(toSafeBaseName('../etc/passwd')).toBe('..-etc-passwd');
  expect(toSafeBaseName('a\\b:c*d?"e<f>g|h\u0000i')).toBe('a-b-c-d--e-f-g-h-i');
  expect(toSafeBaseName('  ')).toBe('export');
  expect(toSafeBaseName('..')).toBe('export');
  expect(toSafeBaseName('以太坊 历史')).toBe('以太坊 历史');
});
