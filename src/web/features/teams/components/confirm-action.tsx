import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';

type ConfirmActionProps = {
  label: string;
  /** The question shown in place of the button: what happens, named. */
  question: string;
  yes: string;
  pending: boolean;
  onConfirm: () => void;
  /** Red styling for what cannot be undone. */
  danger?: boolean;
};

/** A button that asks first, in place: the question with Cancel and the named action. */
export function ConfirmAction({ label, question, yes, pending, onConfirm, danger = true }: ConfirmActionProps) {
  const { t } = useTranslation('teams');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={danger ? 'btn-ghost text-red-700 dark:text-red-400' : 'btn-secondary'}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset className="flex max-w-sm flex-col gap-2">
      <legend className="text-sm">{question}</legend>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'btn-primary bg-red-700 hover:bg-red-800' : 'btn-primary'}
          disabled={pending}
          onClick={() => {
            onConfirm();
            setAsking(false);
          }}
        >
          {yes}
        </button>
      </div>
    </fieldset>
  );
}
