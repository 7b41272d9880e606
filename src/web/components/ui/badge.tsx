import type { ReactNode } from 'react';

export type BadgeTone = 'gray' | 'orange' | 'green' | 'red' | 'blue' | 'purple' | 'yellow';

// Colour pairs chosen for ≥ 4.5:1 contrast in both themes.
const TONES: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  purple: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
};

type BadgeProps = { tone?: BadgeTone; children: ReactNode; title?: string };

export function Badge({ tone = 'gray', children, title }: BadgeProps) {
  return (
    <span
      title={title}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
