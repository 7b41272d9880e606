import type { ReactNode } from 'react';

/**
 * A card whose wide table scrolls sideways on a phone. Focusable and named, so a keyboard can scroll it too (axe
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={`card overflow-x-auto p-0 ${className}`} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
