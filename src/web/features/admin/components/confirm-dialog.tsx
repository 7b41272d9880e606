import { useEffect, useId, useRef } from 'react';

type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop: the caller sends nothing. */
  onCancel: () => void;
};

/** A modal yes/no question (the page's window.confirm): native <dialog>, focus on Cancel, Escape declines. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop declines; Escape declines natively
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={onCancel}
      onClick={(event) => event.target === ref.current && onCancel()}
      className="card m-auto w-[min(28rem,calc(100vw-2rem))] p-0 text-inherit backdrop:bg-black/40"
    >
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm">
          {text}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes the focus in a destructive question */}
          <button type="button" className="btn-secondary" autoFocus onClick={onCancel}>
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
      </div>
    </dialog>
  );
}
