import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

type ConfirmDialogProps = {
  title: ReactNode;
  /** What happens if the user says yes (read out with the title). */
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The answer is being sent: the confirm button waits. */
  busy?: boolean;
  /** Why the last try failed, shown above the buttons. */
  error?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop: the caller sends nothing. */
  onCancel: () => void;
};

/** A yes/no question (never window.confirm): the safe answer, Cancel, takes the focus. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal role="alertdialog" title={title} description={text} onClose={onCancel} slot="confirm-dialog">
      {(close) => (
        <>
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes the focus in a destructive question */}
            <button type="button" className="btn-secondary" autoFocus onClick={close}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={danger ? 'btn-primary bg-red-700 hover:bg-red-800' : 'btn-primary'}
              disabled={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
