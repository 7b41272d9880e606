import { RefreshIcon } from './icons.tsx';

type ErrorPanelProps = {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  /** A line under the message (e.g. "Please try again"). */
  hint?: string;
  /** A technical detail shown as is (e.g. a failed query's, to an admin), with its label. */
  detail?: { label: string; text: string };
  /** Where to ask for help: a mailto link with its label. */
  contact?: { label: string; email: string };
};

/** A data panel's failure state: what went wrong, and a retry when one makes sense. */
export function ErrorPanel({ title, message, retryLabel, onRetry, hint, detail, contact }: ErrorPanelProps) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {hint && <p className="mt-1 text-sm">{hint}</p>}
      {detail && (
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer">{detail.label}</summary>
          <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all">{detail.text}</pre>
        </details>
      )}
      {contact && (
        <p className="mt-2 text-sm">
          <a className="underline" href={`mailto:${contact.email}`}>
            {contact.label}: {contact.email}
          </a>
        </p>
      )}
      {onRetry && retryLabel && (
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          <RefreshIcon size={16} />
          {retryLabel}
        </button>
      )}
    </div>
  );
}
