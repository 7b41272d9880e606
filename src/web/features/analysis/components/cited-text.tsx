import type { AnalysisFact, BriefSegment } from '../../../../shared/api/analysis.schema.ts';
import { toBriefParts } from '../brief-segments.ts';
import { CitationLink } from './citation-link.tsx';
import { useFactTitle } from './fact-source.tsx';

/**
 * A brief's text with each cited number marked: a link to the fact's anchor (a breakdown row, the scores card) whose
 * title gives the source and as-of; clicking scrolls there and highlights the row.
 */
export function CitedText({
  segments,
  facts,
  anchorPage = '',
}: {
  segments: readonly BriefSegment[];
  facts: readonly AnalysisFact[];
  /** The page the anchors live on when not this one ('/analytics' for the market brief on the home pages). */
  anchorPage?: string;
}) {
  const factTitle = useFactTitle();
  return (
    <p className="leading-7 whitespace-pre-line" data-brief-text="">
      {toBriefParts(segments, facts).map((part, index) => {
        // Parts never reorder: the index is a stable key here.
        const key = `${index}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        const title = part.fact ? factTitle(part.fact) : undefined;
        return part.href ? (
          <CitationLink key={key} href={`${anchorPage}${part.href}`} title={title} factKey={part.factKey}>
            {part.text}
          </CitationLink>
        ) : (
          <span
            key={key}
            title={title}
            className="font-semibold tabular-nums underline decoration-dotted underline-offset-2"
            data-fact={part.factKey}
          >
            {part.text}
          </span>
        );
      })}
    </p>
  );
}
