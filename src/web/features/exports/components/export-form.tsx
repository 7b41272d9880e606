import { type FormEvent, useId, useState } from 'react';
import {
  EXPORT_DELIVERIES,
  EXPORT_FORMATS,
  EXPORT_FREQUENCIES,
  type ExportOptions,
  exportColumnsOf,
  pdfColumnsOf,
} from '../../../../shared/api/exports.schema.ts';
import { EXPORT_SOURCE_KINDS, type ExportSourceKind } from '../../../../shared/api/exports.values.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateExport, useCreateSchedule, useExports } from '../api.ts';
import type { SourceDraft } from '../source-params.ts';
import { toSource } from '../source-params.ts';
import { ColumnPicker, ExportLimits } from './column-picker.tsx';
import { SourceFields } from './source-fields.tsx';

type Repeat = 'once' | (typeof EXPORT_FREQUENCIES)[number];
type Format = ExportOptions['format'];

/** The columns a format starts with: a pdf's print set, every column for the others. */
const defaultColumns = (kind: ExportSourceKind, format: Format) => [
  ...(format === 'pdf' ? pdfColumnsOf(kind) : exportColumnsOf(kind)),
];

/**
 * The new-export form: a source (prefilled from the page that linked here), format, columns, language, zip and
 * metadata; "once" exports now, daily/weekly/monthly creates a schedule. The server validates everything again.
 */
export function ExportForm({ initial }: { initial: SourceDraft }) {
  const { t } = useTranslation('exports');
  const [draft, setDraft] = useState<SourceDraft>(initial);
  const [format, setFormat] = useState<Format>('csv');
  const [columns, setColumns] = useState<string[]>(defaultColumns(initial.kind, 'csv'));
  const [raw, setRaw] = useState(false);
  const [language, setLanguage] = useState<ExportOptions['language']>(currentLanguage() === 'en' ? 'en' : 'zh');
  const [zip, setZip] = useState(false);
  const [includeMetadata, setIncludeMetadata] = useState(true);
  const [repeat, setRepeat] = useState<Repeat>('once');
  const [delivery, setDelivery] = useState<(typeof EXPORT_DELIVERIES)[number]>('download');
  const [done, setDone] = useState<string | null>(null);
  const rowCap = useExports().data?.rowCap;
  const create = useCreateExport();
  const schedule = useCreateSchedule();
  const ids = { kind: useId(), format: useId(), language: useId(), repeat: useId(), delivery: useId() };

  const changeKind = (kind: ExportSourceKind) => {
    setDraft({ ...draft, kind, params: kind === draft.kind ? draft.params : {}, id: '' });
    setColumns(defaultColumns(kind, format));
  };
  const changeFormat = (next: Format) => {
    // A pdf starts from the print set (all 19 columns do not fit a page); leaving pdf gives every column back.
    if ((next === 'pdf') !== (format === 'pdf')) setColumns(defaultColumns(draft.kind, next));
    setFormat(next);
  };
  const toggleColumn = (key: string) =>
    setColumns((now) =>
      now.includes(key)
        ? now.filter((c) => c !== key)
        : exportColumnsOf(draft.kind).filter((c) => c === key || now.includes(c)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const source = toSource(draft);
    const options = {
      format,
      columns,
      language,
      zip,
      includeMetadata,
      raw: raw && (format === 'csv' || format === 'xlsx'),
    };
    if (repeat === 'once') create.mutate({ source, options }, { onSuccess: () => setDone(t('form.started')) });
    else
      schedule.mutate(
        { source, options, frequency: repeat, delivery },
        { onSuccess: () => setDone(t('form.scheduled')) },
      );
  };
  const failure = create.error ?? schedule.error;
  const pending = create.isPending || schedule.isPending;

  return (
    <form onSubmit={submit} aria-label={t('form.title')} className="card space-y-4 p-4">
      <h2 className="text-lg font-semibold">{t('form.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <label htmlFor={ids.kind} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('form.source')}</span>
          <select
            id={ids.kind}
            className="input"
            value={draft.kind}
            onChange={(e) => changeKind(e.target.value as ExportSourceKind)}
          >
            {EXPORT_SOURCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`sources.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <SourceFields draft={draft} onChange={setDraft} />
        <label htmlFor={ids.format} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('form.format')}</span>
          <select
            id={ids.format}
            className="input"
            value={format}
            onChange={(e) => changeFormat(e.target.value as Format)}
          >
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`formats.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.language} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('form.language')}</span>
          <select
            id={ids.language}
            className="input"
            value={language}
            onChange={(e) => setLanguage(e.target.value as ExportOptions['language'])}
          >
            <option value="zh">中文</option>
            <option value="en">English</option>
          </select>
        </label>
      </div>
      <ColumnPicker kind={draft.kind} format={format} columns={columns} onToggle={toggleColumn} />
      <ExportLimits format={format} rowCap={rowCap} />
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={includeMetadata} onChange={(e) => setIncludeMetadata(e.target.checked)} />
          {t('form.metadata')}
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={zip} onChange={(e) => setZip(e.target.checked)} />
          {t('form.zip')}
        </label>
        {(format === 'csv' || format === 'xlsx') && (
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} />
            {t('form.raw')}
          </label>
        )}
      </div>
      {(format === 'csv' || format === 'xlsx') && (
        <p className="text-xs text-gray-600 dark:text-gray-400">{t('form.rawNote')}</p>
      )}
      {format === 'csv' && includeMetadata && (
        <p className="text-xs text-gray-600 dark:text-gray-400">{t('form.csvMetadataNote')}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <label htmlFor={ids.repeat} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('form.repeat')}</span>
          <select
            id={ids.repeat}
            className="input"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value as Repeat)}
          >
            <option value="once">{t('frequency.once')}</option>
            {EXPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`frequency.${f}`)}
              </option>
            ))}
          </select>
        </label>
        {repeat !== 'once' && (
          <label htmlFor={ids.delivery} className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('form.delivery')}</span>
            <select
              id={ids.delivery}
              className="input"
              value={delivery}
              onChange={(e) => setDelivery(e.target.value as (typeof EXPORT_DELIVERIES)[number])}
            >
              {EXPORT_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {t(`delivery.${d}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={pending || columns.length === 0}>
          {repeat === 'once' ? t('form.submit') : t('form.submitSchedule')}
        </button>
        {done && (
          <p role="status" className="text-sm text-green-800 dark:text-green-300">
            {done}
          </p>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {/* The server's message, already in the page's language (?lang=). */}
            {failure instanceof ApiError ? failure.message : t('errors:INTERNAL')}
          </p>
        )}
      </div>
    </form>
  );
}
