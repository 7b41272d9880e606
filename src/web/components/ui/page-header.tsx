import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type PageHeaderProps = { title: string; subtitle?: string; aside?: ReactNode };

/** Every page's h1 and one-line purpose. */
export function PageHeader({ title, subtitle, aside }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {subtitle && <p className="muted mt-2 max-w-3xl">{subtitle}</p>}
      </div>
      {aside}
    </header>
  );
}
