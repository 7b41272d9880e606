import {
  type ExportOptions,
  exportColumnsOf,
  PDF_COMPACT_FROM,
  PDF_MAX_COLUMNS,
  PDF_ROW_LIMIT,
} from '../../../../shared/api/exports.schema.ts';
import type { ExportSourceKind } from '../../../../shared/api/exports.values.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type ColumnPickerProps = {
  kind: ExportSourceKind;
  format: ExportOptions['format'];
  columns: string[];
  onToggle: (key: string) => void;
};

/** The source's columns to tick; a pdf takes at most PDF_MAX_COLUMNS (the server refuses more with a 400). */
export function ColumnPicker({ kind, format, columns, onToggle }: ColumnPickerProps) {
  const { t } = useTranslation('exports');
  const all = exportColumnsOf(kind);
  const full = format === 'pdf' && columns.length >= PDF_MAX_COLUMNS;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        {t('form.columns')}{' '}
        <span data-testid="export-columns-count" className="font-normal text-gray-600 dark:text-gray-400">
          ({t('form.columnsChosen', { count: columns.length, total: all.length })})
        </span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {all.map((key) => {
          const checked = columns.includes(key);
          return (
            <label key={key} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={checked} disabled={full && !checked} onChange={() => onToggle(key)} />
              {t(`columns.${key}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What the file will hold at most, said before exporting: the pdf's rows and columns, and the viewer's row cap. */
export function ExportLimits({
  format,
  rowCap,
}: {
  format: ExportOptions['format'];
  rowCap: number | null | undefined;
}) {
  const { t } = useTranslation('exports');
  return (
    <ul data-testid="export-limits" className="list-disc space-y-1 pl-5 text-xs text-gray-600 dark:text-gray-400">
      {format === 'pdf' && (
        <>
          <li>{t('form.pdfRows', { limit: formatInteger(PDF_ROW_LIMIT) })}</li>
          <li>{t('form.pdfColumns', { max: PDF_MAX_COLUMNS, compact: PDF_COMPACT_FROM })}</li>
        </>
      )}
      {rowCap !== undefined && (
        <li>{rowCap === null ? t('form.noRowCap') : t('form.rowCap', { cap: formatInteger(rowCap) })}</li>
      )}
    </ul>
  );
}
