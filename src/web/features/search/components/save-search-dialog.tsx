import { type FormEvent, useId, useState } from 'react';
import { SAVED_SEARCH_NAME_MAX } from '../../../../shared/api/saved-searches.schema.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateSavedSearch } from '../api.ts';

type SaveSearchDialogProps = {
  /** The search to save (the URL's query, without the page). */
  query: Record<string, string>;
  defaultName: string;
  onClose: () => void;
  onSaved: (name: string) => void;
};

/** "Save this search", a modal dialog: a name, and optionally an alert (new results, or heat crossing a threshold). */
export function SaveSearchDialog({ query, defaultName, onClose, onSaved }: SaveSearchDialogProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const create = useCreateSavedSearch();
  const [name, setName] = useState(defaultName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [alert, setAlert] = useState(false);
  const [threshold, setThreshold] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const heat = threshold.trim() === '' ? null : Number(threshold);
    create.mutate(
      { name: name.trim(), query, alertEnabled: alert, alertHeatThreshold: alert ? heat : null },
      { onSuccess: (saved) => onSaved(saved.name) },
    );
  };

  return (
    <Modal title={t('save.title')} onClose={onClose} slot="save-search">
      {(close) => (
        <form onSubmit={handleSubmit} className="space-y-3">
          <div className="space-y-1">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              {t('save.name')}
            </label>
            <input
              id={`${id}-name`}
              className="input w-full"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              // biome-ignore lint/a11y/noAutofocus: the dialog opens on the user's click; the name is what to type
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={alert} onChange={(event) => setAlert(event.target.checked)} />
            {t('save.alert')}
          </label>
          {alert && (
            <div className="space-y-1">
              <label htmlFor={`${id}-threshold`} className="text-sm font-medium">
                {t('save.threshold')}
              </label>
              <input
                id={`${id}-threshold`}
                type="number"
                min={0}
                max={100}
                step="any"
                className="input w-32"
                value={threshold}
                onChange={(event) => setThreshold(event.target.value)}
              />
              <p className="muted text-xs">{t('save.thresholdHint')}</p>
            </div>
          )}
          {create.error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {create.error.message}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={create.isPending || name.trim() === ''}>
              {t('save.submit')}
            </button>
            <button type="button" className="btn-secondary" onClick={close}>
              {t('save.cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
