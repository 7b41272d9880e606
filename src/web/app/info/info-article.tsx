import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export type InfoSection = { title: string; paragraphs: string[]; extra?: ReactNode };

type InfoArticleProps = { title: string; lead?: string; meta?: string; sections: InfoSection[] };

/** The reading layout shared by /about, /privacy, /terms and /contact. */
export function InfoArticle({ title, lead, meta, sections }: InfoArticleProps) {
  useDocumentTitle(title);
  return (
    <article className="prose-page mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {meta && <p className="muted mt-2 text-sm">{meta}</p>}
      {lead && <p className="mt-4 text-lg">{lead}</p>}
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {paragraph}
            </p>
          ))}
          {section.extra}
        </section>
      ))}
    </article>
  );
}
