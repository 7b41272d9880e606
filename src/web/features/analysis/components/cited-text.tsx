import type { MouseEvent } from 'react';
import type { AnalysisFact, BriefSegment } from '../../../../shared/api/analysis.schema.ts';
import { toBriefParts } from '../brief-segments.ts';
import { scrollToAnchor } from '../scroll-to-anchor.ts';
import { useFactTitle } from './fact-source.tsx';

const CITATION = 'font-semibold tabular-nums underline decoration-dotted underline-offset-2';

/**
 * A brief's text with each cited number marked: a link to the fact's anchor (a breakdown row, the scores card) whose
 * title gives the source and as-of; clicking scrolls there and highlights the row.
 */
export function CitedText({ segments, facts }: { segments: readonly BriefSegment[]; facts: readonly AnalysisFact[] }) {
  const factTitle = useFactTitle();
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (scrollToAnchor(href.slice(1))) event.preventDefault();
  };
  return (
    <p className="leading-7 whitespace-pre-line" data-brief-text="">
      {toBriefParts(segments, facts).map((part, index) => {
        // Parts never reorder: the index is a stable key here.
        const key = `${index}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        const title = part.fact ? factTitle(part.fact) : undefined;
        return part.href ? (
          <a
            key={key}
            href={part.href}
            title={title}
            className={`${CITATION} text-brand-700 hover:text-brand-800 dark:text-brand-400`}
            data-fact={part.factKey}
            onClick={(event) => follow(event, part.href ?? '')}
          >
            {part.text}
          </a>
        ) : (
          <span key={key} title={title} className={CITATION} data-fact={part.factKey}>
            {part.text}
          </span>
        );
      })}
    </p>
  );
}
