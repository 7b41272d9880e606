import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { dismissToast, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, type ToastItem, useToasts } from '../../lib/toast.ts';
import { CloseIcon } from './icons.tsx';

type ToasterProps = { regionLabel: string; closeLabel: string };

/** The toast region: a labelled landmark that F8 focuses; each toast closes after its duration or a 50 px swipe. */
export function Toaster({ regionLabel, closeLabel }: ToasterProps) {
  const toasts = useToasts();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label={`${regionLabel} (${TOAST_HOTKEY})`}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <ol className="contents">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} closeLabel={closeLabel} />
        ))}
      </ol>
    </section>
  );
}

const VARIANT_CLASSES: Record<ToastItem['variant'], string> = {
  default: 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  success: 'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50',
  error: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
};

function ToastCard({ toast, closeLabel }: { toast: ToastItem; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs, paused]);

  const handlePointerDown = (event: PointerEvent<HTMLLIElement>) => {
    // Capturing the pointer on the card retargets the click to it: a press on the close button would never close.
    if (event.target instanceof Element && event.target.closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current !== null) setOffset(event.clientX - startX.current);
  };
  const handlePointerUp = () => {
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
    startX.current = null;
  };

  return (
    <li
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg transition-transform ${VARIANT_CLASSES[toast.variant]}`}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="rounded p-1 opacity-70 hover:opacity-100"
        aria-label={closeLabel}
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}
