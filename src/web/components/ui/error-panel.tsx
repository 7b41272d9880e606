import { RefreshIcon } from './icons.tsx';

type ErrorPanelProps = { title: string; message: string; retryLabel?: string; onRetry?: () => void };

/** A data panel's failure state: what went wrong, and a retry when one makes sense. */
export function ErrorPanel({ title, message, retryLabel, onRetry }: ErrorPanelProps) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry && retryLabel && (
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          <RefreshIcon size={16} />
          {retryLabel}
        </button>
      )}
    </div>
  );
}
