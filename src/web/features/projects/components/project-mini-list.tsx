import type { ReactNode } from 'react';
import type { ProjectListItem } from '../../../../shared/api/projects.schema.ts';
import { ProjectNameCell } from './project-name-cell.tsx';

type ProjectMiniListProps = {
  title: string;
  items: readonly ProjectListItem[];
  /** The number this list ranks by, rendered at the row's end. */
  renderValue: (project: ProjectListItem) => ReactNode;
  empty: string;
  headingId: string;
  /** A line under the list, e.g. the <SampleNote> for its figures. */
  note?: ReactNode;
};

/** A short ranked list inside a card (movers, leaders); rows name the project and show one figure. */
export function ProjectMiniList({ title, items, renderValue, empty, headingId, note }: ProjectMiniListProps) {
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="muted mt-3 text-sm">{empty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-100 dark:divide-gray-800">
          {items.map((project, index) => (
            <li key={project.id} className="flex items-center gap-3 py-2">
              <span className="muted w-5 text-xs tabular-nums">{index + 1}</span>
              <div className="min-w-0 flex-1">
                <ProjectNameCell project={project} />
              </div>
              <span className="text-sm font-semibold tabular-nums">{renderValue(project)}</span>
            </li>
          ))}
        </ol>
      )}
      {items.length > 0 && note}
    </section>
  );
}
