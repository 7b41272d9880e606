import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { scrollToAnchor } from '../scroll-to-anchor.ts';

export const CITATION_CLASS =
  'font-semibold tabular-nums underline decoration-dotted underline-offset-2 text-brand-700 hover:text-brand-800 dark:text-brand-400';

/**
 * A link to the element a number comes from (`#breakdown-<key>`, `#project-scores`): clicking scrolls there and
 * highlights the row; if the page has no such element (yet), the link behaves as a plain link. An href on another
 * page (`/analytics#analysis-movers`, from the home page's market brief) navigates there.
 */
export function CitationLink({
  href,
  title,
  factKey,
  children,
}: {
  href: string;
  title?: string;
  factKey: string;
  children: ReactNode;
}) {
  if (!href.startsWith('#')) {
    return (
      <Link to={href} title={title} className={CITATION_CLASS} data-fact={factKey}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      title={title}
      className={CITATION_CLASS}
      data-fact={factKey}
      onClick={(event) => {
        if (scrollToAnchor(href.slice(1))) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
