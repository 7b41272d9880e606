import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  title: string;
  onClose: () => void;
  /** The body; `close` closes the dialog (and so calls onClose). */
  children: (close: () => void) => ReactNode;
  slot?: string;
};

/** A native modal dialog (focus trap, Escape), titled, closed by a click on the backdrop too. */
export function Modal({ title, onClose, children, slot }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape closes natively
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && close()}
      data-slot={slot}
      className="card m-auto w-[min(30rem,calc(100vw-2rem))] p-0 text-inherit backdrop:bg-black/40"
    >
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {children(close)}
      </div>
    </dialog>
  );
}
