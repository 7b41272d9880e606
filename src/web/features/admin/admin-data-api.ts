import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProjectListQuery,
  AdminProjectListResponseSchema,
  AuditResponseSchema,
  DeletedResponseSchema,
  ImportMode,
  ImportResultSchema,
} from '../../../shared/api/admin-data.schema.ts';
import type {
  AdminProjectWrite,
  ExportProjectSchema,
  ExportSector,
  ExportSectorSchema,
  KnownChainsResponseSchema,
} from '../../../shared/api/catalogue.schema.ts';
import type { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

// The /admin page's data sections: projects, sectors, import, audit log. Every call is
// refused by the server unless the session is an admin's; `lang` makes its error messages (which name the bad field
// or row) read in the page's language.
const lang = () => ({ query: { lang: currentLanguage() } });

/** GET /api/admin/export: the full export file, downloaded by the browser (a plain link, no query). */
export const FULL_EXPORT_URL = '/api/admin/export';

export const AUDIT_PAGE_SIZE = 20;

export const useAdminProjects = (query: AdminProjectListQuery) =>
  useQuery({
    queryKey: adminKeys.data.projects(query),
    queryFn: ({ signal }) => apiGet<typeof AdminProjectListResponseSchema>('/api/admin/projects', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminProject = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.data.project(id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<typeof ExportProjectSchema>(`/api/admin/projects/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });

/** The sectors with their raw texts in both languages (the public list carries every field PUT sectors takes). */
export const useAdminSectors = () =>
  useQuery({
    queryKey: adminKeys.data.sectors(),
    queryFn: ({ signal }) => apiGet<typeof SectorListResponseSchema>('/api/sectors', { signal }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useAuditLog = (before: number | undefined) =>
  useQuery({
    queryKey: adminKeys.data.audit(before),
    queryFn: ({ signal }) =>
      apiGet<typeof AuditResponseSchema>('/api/admin/audit', {
        query: { limit: AUDIT_PAGE_SIZE, before, lang: currentLanguage() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * A write that changed the catalogue: every cached answer may show it (project and sector pages, rankings, search,
 * platforms, this page's lists and the audit log), so all queries are marked stale; only those on screen refetch. The
 * feature cannot name the other features' keys (no feature imports another), and a partial list would go stale.
 */
function useCatalogueMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // apiSend's success makes these refetches skip the browser's copy from before the change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useSaveProject = () =>
  useCatalogueMutation(({ project, isNew }: { project: AdminProjectWrite; isNew: boolean }) =>
    isNew
      ? apiSend<typeof ExportProjectSchema>('POST', '/api/admin/projects', project, lang())
      : apiSend<typeof ExportProjectSchema>(
          'PUT',
          `/api/admin/projects/${encodeURIComponent(project.id)}`,
          project,
          lang(),
        ),
  );

export const useDeleteProject = () =>
  useCatalogueMutation((id: string) =>
    apiSend<typeof DeletedResponseSchema>('DELETE', `/api/admin/projects/${encodeURIComponent(id)}`, undefined, lang()),
  );

/** POST /api/admin/sectors: a new sector (409 when its id is taken, 400 when its name only differs in case). */
export const useCreateSector = () =>
  useCatalogueMutation((sector: ExportSector) =>
    apiSend<typeof ExportSectorSchema>('POST', '/api/admin/sectors', sector, lang()),
  );

/** GET /api/admin/chains: the chains a project may name without adding one. */
export const useKnownChains = () =>
  useQuery({
    queryKey: adminKeys.data.chains(),
    queryFn: ({ signal }) => apiGet<typeof KnownChainsResponseSchema>('/api/admin/chains', { signal }),
    select: (data) => data.items,
  });

export const useSaveSector = () =>
  useCatalogueMutation((sector: ExportSector) =>
    apiSend<typeof ExportSectorSchema>('PUT', `/api/admin/sectors/${encodeURIComponent(sector.id)}`, sector, lang()),
  );

type ImportInput = { body: unknown; mode: ImportMode };
const importQuery = (mode: ImportMode) => ({ query: { mode, lang: currentLanguage() } });

/** What the file would add, change and remove; writes nothing (so it invalidates nothing). */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: ({ body, mode }: ImportInput) =>
      apiSend<typeof ImportResultSchema>('POST', '/api/admin/import/preview', body, importQuery(mode)),
  });

export const useRunImport = () =>
  useCatalogueMutation(({ body, mode }: ImportInput) =>
    apiSend<typeof ImportResultSchema>('POST', '/api/admin/import', body, importQuery(mode)),
  );
