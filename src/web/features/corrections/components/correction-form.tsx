import { type FormEvent, useId, useState } from 'react';
import type { CorrectionValues } from '../../../../shared/api/corrections.schema.ts';
import {
  CORRECTION_FIELDS,
  CORRECTION_LIMITS,
  type CorrectionField,
} from '../../../../shared/api/corrections.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProposeCorrection } from '../api.ts';
import { changedValues, type FormText, LIST_FIELDS, LONG_FIELDS, toFormText } from '../field-values.ts';

export type SectorOption = { name: string; label: string };

type CorrectionFormProps = {
  projectId: string;
  current: Required<CorrectionValues>;
  sectors: SectorOption[];
  points: number;
  onDone: () => void;
};

/**
 * The "suggest a correction" form: every correctable field prefilled with the project's current value; only the
 * changed ones are sent. The server validates everything again (URLs, lengths, caps, unchanged values).
 */
export function CorrectionForm({ projectId, current, sectors, points, onDone }: CorrectionFormProps) {
  const { t } = useTranslation('project');
  const id = useId();
  const [form, setForm] = useState<FormText>(() => toFormText(current));
  const [note, setNote] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const [noChange, setNoChange] = useState(false);
  const propose = useProposeCorrection(projectId);

  const set = (field: CorrectionField, value: string) => {
    setNoChange(false);
    setForm((previous) => ({ ...previous, [field]: value }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changedValues(current, form);
    if (Object.keys(changes).length === 0) {
      setNoChange(true);
      return;
    }
    propose.mutate({
      changes: changes as never,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(sourceUrl.trim() ? { sourceUrl: sourceUrl.trim() } : {}),
    });
  };

  if (propose.isSuccess) {
    return (
      <div className="space-y-3" data-slot="correction-sent">
        <p role="status" className="text-sm">
          {t('corrections.success', { points })}
        </p>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('corrections.close')}
        </button>
      </div>
    );
  }

  const input = 'w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700';
  return (
    <form className="space-y-3" onSubmit={handleSubmit} noValidate>
      <p className="muted text-sm">{t('corrections.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {CORRECTION_FIELDS.map((field) => {
          const fieldId = `${id}-${field}`;
          const hint = LIST_FIELDS.has(field) ? t('corrections.hints.list') : null;
          return (
            <div key={field} className={LONG_FIELDS.has(field) ? 'sm:col-span-2' : undefined}>
              <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
                {t(`corrections.fields.${field}`)}
              </label>
              {field === 'sector' ? (
                <select id={fieldId} className={input} value={form.sector} onChange={(e) => set(field, e.target.value)}>
                  {!sectors.some((s) => s.name === form.sector) && <option value={form.sector}>{form.sector}</option>}
                  {sectors.map((sector) => (
                    <option key={sector.name} value={sector.name}>
                      {sector.label}
                    </option>
                  ))}
                </select>
              ) : LONG_FIELDS.has(field) ? (
                <textarea
                  id={fieldId}
                  className={input}
                  rows={3}
                  maxLength={CORRECTION_LIMITS.descriptionLength}
                  value={form[field]}
                  onChange={(e) => set(field, e.target.value)}
                />
              ) : (
                <input
                  id={fieldId}
                  className={input}
                  value={form[field]}
                  maxLength={CORRECTION_LIMITS.urlLength}
                  onChange={(e) => set(field, e.target.value)}
                  aria-describedby={hint ? `${fieldId}-hint` : undefined}
                />
              )}
              {hint && (
                <p id={`${fieldId}-hint`} className="muted mt-1 text-xs">
                  {hint}
                </p>
              )}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
            {t('corrections.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className={input}
            rows={2}
            maxLength={CORRECTION_LIMITS.noteLength}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-source`} className="mb-1 block text-sm font-medium">
            {t('corrections.sourceUrl')}
          </label>
          <input
            id={`${id}-source`}
            className={input}
            type="url"
            maxLength={CORRECTION_LIMITS.urlLength}
            value={sourceUrl}
            onChange={(e) => setSourceUrl(e.target.value)}
          />
        </div>
      </div>
      {noChange && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('corrections.noChange')}
        </p>
      )}
      {propose.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {propose.error.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('corrections.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={propose.isPending}>
          {propose.isPending ? t('corrections.submitting') : t('corrections.submit')}
        </button>
      </div>
    </form>
  );
}
