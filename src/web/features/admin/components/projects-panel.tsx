import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminProjectListItem } from '../../../../shared/api/admin-data.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePaginationLabels } from '../../../lib/use-pagination-labels.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminProject, useAdminProjects, useAdminSectors, useDeleteProject } from '../admin-data-api.ts';
import { ProjectForm } from './project-form.tsx';

const PAGE_SIZE = 20;
const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** Loads the project as the server has it, then shows its form. */
function EditProject({ id, sectorNames, onDone }: { id: string; sectorNames: string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const project = useAdminProject(id);
  if (project.isPending) return <Skeleton className="h-96 w-full" />;
  if (project.isError) return <ErrorPanel title={t('tabs.projects')} message={errorMessage(project.error)} />;
  return <ProjectForm key={id} project={project.data} sectorNames={sectorNames} onDone={onDone} />;
}

function DeleteProject({ project, onDone }: { project: AdminProjectListItem; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteProject();
  return (
    <ConfirmDialog
      title={t('projects.deleteDialog.title', { name: project.name })}
      text={remove.isError ? errorMessage(remove.error) : t('projects.deleteDialog.text')}
      confirmLabel={t('projects.deleteDialog.confirm')}
      cancelLabel={t('projects.deleteDialog.cancel')}
      danger
      busy={remove.isPending}
      onCancel={onDone}
      onConfirm={() =>
        remove.mutate(project.id, {
          onSuccess: () => {
            showToast({ title: t('projects.deleteDialog.deleted', { name: project.name }), variant: 'success' });
            onDone();
          },
        })
      }
    />
  );
}

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string };

/** /admin?tab=projects: every project by name, search on name / symbol / id, create, edit, delete (confirmed). */
export function ProjectsPanel() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState<AdminProjectListItem | null>(null);
  const list = useAdminProjects({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const sectors = useAdminSectors();
  const sectorNames = (sectors.data ?? []).map((sector) => sector.name);
  const toList = () => setView({ kind: 'list' });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const paginationLabels = usePaginationLabels(page, pages, t('projects.pagination.nav'));

  if (view.kind === 'new') return <ProjectForm project={null} sectorNames={sectorNames} onDone={toList} />;
  if (view.kind === 'edit') return <EditProject id={view.id} sectorNames={sectorNames} onDone={toList} />;

  return (
    <div className="space-y-4" data-slot="admin-projects">
      <div className="flex flex-wrap items-center gap-2">
        <SearchForm
          className="min-w-0 flex-1"
          value={text}
          onChange={setText}
          onSubmit={(value) => {
            setQ(value || undefined);
            setPage(1);
          }}
          label={t('projects.searchLabel')}
          placeholder={t('projects.searchPlaceholder')}
          submitLabel={t('projects.search')}
          maxLength={100}
        />
        <button type="button" className="btn-primary" onClick={() => setView({ kind: 'new' })}>
          {t('projects.new')}
        </button>
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <ErrorPanel title={t('tabs.projects')} message={errorMessage(list.error)} />
      ) : list.data.items.length === 0 ? (
        <p className="muted text-sm">{t('projects.empty')}</p>
      ) : (
        <>
          <p className="muted text-sm">{t('projects.count', { count: list.data.total })}</p>
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="muted text-xs">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('projects.columns.name')}</th>
                  <th className="py-1 pr-3 font-medium">{t('projects.columns.category')}</th>
                  <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t('projects.columns.updated')}</th>
                  <th className="py-1 text-right font-medium">{t('projects.columns.actions')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                {list.data.items.map((project) => (
                  <tr key={project.id} data-slot="admin-project-row" data-id={project.id}>
                    <td className="py-2 pr-3">
                      <Link to={`/project/${encodeURIComponent(project.id)}`} className="font-medium hover:underline">
                        {project.name}
                      </Link>
                      <div className="muted font-mono text-xs break-all">{project.id}</div>
                    </td>
                    <td className="py-2 pr-3">{project.category}</td>
                    <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                      {formatDateTime(project.updatedAt)}
                    </td>
                    <td className="py-2 text-right">
                      <div className="flex flex-wrap justify-end gap-1">
                        <button
                          type="button"
                          className="btn-ghost"
                          aria-label={`${t('projects.edit')} ${project.name}`}
                          onClick={() => setView({ kind: 'edit', id: project.id })}
                        >
                          {t('projects.edit')}
                        </button>
                        <button
                          type="button"
                          className="btn-ghost text-red-700 dark:text-red-400"
                          aria-label={`${t('projects.delete')} ${project.name}`}
                          onClick={() => setDeleting(project)}
                        >
                          {t('projects.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={pages} onPageChange={setPage} labels={paginationLabels} />
        </>
      )}
      {deleting && <DeleteProject project={deleting} onDone={() => setDeleting(null)} />}
    </div>
  );
}
