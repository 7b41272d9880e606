import type { ReactNode } from 'react';

/** One block of the analysis panel: a small heading and its content. */
export function AnalysisSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0" data-analysis-section={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
