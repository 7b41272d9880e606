type SkeletonProps = { className?: string };

/** Grey placeholder block shown while data loads (pulses unless the user prefers reduced motion). */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded bg-gray-200 dark:bg-gray-800 ${className}`} />
  );
}
