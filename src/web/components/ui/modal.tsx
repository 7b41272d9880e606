import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  title: ReactNode;
  /** Called once the dialog has closed: Escape, a click on the backdrop, or `close` from the body. */
  onClose: () => void;
  /** The body; a function gets `close`, which closes the dialog (and so calls onClose). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** A line under the title, read out with it (aria-describedby). */
  description?: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  slot?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open modals: the page stays locked until the last one closes (a confirmation may open over a dialog).
let openModals = 0;
function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (openModals++ === 0) root.style.overflow = 'hidden';
  return () => {
    if (--openModals === 0) root.style.overflow = '';
  };
}

/**
 * The one modal dialog of the web app: native <dialog> opened with showModal (the rest of the page is inert), labelled
 * by its title, Escape and a click on the backdrop close it, Tab cycles inside it, the page behind does not scroll,
 * and focus goes back to what opened it. Render it to open it; unmount it (from onClose) to close it.
 */
export function Modal({ title, onClose, children, description, role = 'dialog', wide, slot }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Kept from the first open only: a second effect run (StrictMode) would see the focus already inside the dialog.
  const opener = useRef<HTMLElement | null>(null);
  const pressedBackdrop = useRef(false);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    if (!dialog.open) dialog.showModal();
    const unlock = lockPageScroll();
    return () => {
      unlock();
      const back = opener.current;
      // Deferred: while React removes the dialog the browser may still move focus to <body>.
      queueMicrotask(() => {
        if (back?.isConnected && !ref.current?.isConnected) back.focus();
      });
    };
  }, []);

  const close = () => ref.current?.close();

  // The browser lets Tab leave a modal dialog for its own toolbar; wrap it at either end instead.
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      onClose={onClose}
      onKeyDown={handleKeyDown}
      // Only a press that starts and ends on the backdrop closes (a text selection dragged out of the body does not).
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === ref.current) close();
      }}
      data-slot={slot}
      className={`card m-auto p-0 text-inherit backdrop:bg-black/40 ${
        wide ? 'w-[min(30rem,calc(100vw-2rem))]' : 'w-[min(28rem,calc(100vw-2rem))]'
      }`}
    >
      <div className="space-y-4 p-5">
        <div className="space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <p id={`${id}-text`} className="muted text-sm">
              {description}
            </p>
          ) : null}
        </div>
        {typeof children === 'function' ? children(close) : children}
      </div>
    </dialog>
  );
}
