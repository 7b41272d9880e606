import { useId, useState } from 'react';
import { DASHBOARD_NOTE_MAX } from '../../../../../shared/api/dashboard.schema.ts';
import { formatInteger } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { WidgetEmpty } from './widget-states.tsx';

type NoteWidgetProps = { text: string; busy: boolean; onSave: (text: string) => void };

/** A note of my own: shown as plain text (React escapes it; never HTML), edited in a box and saved on demand. */
export function NoteWidget({ text, busy, onSave }: NoteWidgetProps) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState(text);
  const fieldId = useId();
  const changed = draft !== text;
  return (
    <div className="space-y-2">
      {text === '' ? (
        <WidgetEmpty>{t('note.empty')}</WidgetEmpty>
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap" data-note-text>
          {text}
        </p>
      )}
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <label htmlFor={fieldId} className="text-xs font-medium">
          {t('note.label')}
        </label>
        <textarea
          id={fieldId}
          className="input min-h-20 w-full text-sm"
          maxLength={DASHBOARD_NOTE_MAX}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="muted text-xs">
            {t('note.count', { count: formatInteger(draft.length), max: formatInteger(DASHBOARD_NOTE_MAX) })}
          </span>
          <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={busy || !changed}>
            {t('note.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
