import { type FormEvent, useId, useState } from 'react';
import { WATCHLIST_NAME_MAX } from '../../../../shared/api/watchlists.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type NameFormProps = {
  initial?: string;
  submitLabel: string;
  pending: boolean;
  error?: string | null;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
};

/** A list's name: create and rename share it (1–60 characters, the server checks again). */
export function NameForm({ initial = '', submitLabel, pending, error, onSubmit, onCancel }: NameFormProps) {
  const { t } = useTranslation('watchlists');
  const [name, setName] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <span className="font-medium">{t('form.nameLabel')}</span>
        <input
          id={id}
          className="input"
          value={name}
          maxLength={WATCHLIST_NAME_MAX}
          placeholder={t('form.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          required
        />
      </label>
      <button type="submit" className="btn-primary" disabled={pending || !name.trim()}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
