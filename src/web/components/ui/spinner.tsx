type SpinnerProps = { size?: number; className?: string };

/** A spinning ring; decorative: the caller provides the text (role="status" lives on the wrapper). */
export function Spinner({ size = 32, className = '' }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-brand-500/30 border-t-brand-600 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
