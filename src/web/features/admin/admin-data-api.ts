import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminProjectListQuery,
  AdminProjectListResponseSchema,
  AuditResponseSchema,
  DeletedResponseSchema,
  type ImportMode,
  ImportResultSchema,
} from '../../../shared/api/admin-data.schema.ts';
import {
  type AdminProjectWrite,
  ExportProjectSchema,
  type ExportSector,
  ExportSectorSchema,
  KnownChainsResponseSchema,
} from '../../../shared/api/catalogue.schema.ts';
import { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { apiGet, apiSend, revalidateReads } from '../../lib/api-client.ts';
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
    queryFn: ({ signal }) => apiGet('/api/admin/projects', AdminProjectListResponseSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminProject = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.data.project(id ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/admin/projects/${encodeURIComponent(id!)}`, ExportProjectSchema, { signal }),
    enabled: id !== null,
  });

/** The sectors with their raw texts in both languages (the public list carries every field PUT sectors takes). */
export const useAdminSectors = () =>
  useQuery({
    queryKey: adminKeys.data.sectors(),
    queryFn: ({ signal }) => apiGet('/api/sectors', SectorListResponseSchema, { signal }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useAuditLog = (before: number | undefined) =>
  useQuery({
    queryKey: adminKeys.data.audit(before),
    queryFn: ({ signal }) =>
      apiGet('/api/admin/audit', AuditResponseSchema, {
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
    onSuccess: () => {
      // Public answers carry max-age=30: without this the refetch would read the browser's copy from before the
      // change (a new sector missing from the list, a project from its sector page).
      revalidateReads();
      return queryClient.invalidateQueries();
    },
  });
}

export const useSaveProject = () =>
  useCatalogueMutation(({ project, isNew }: { project: AdminProjectWrite; isNew: boolean }) =>
    isNew
      ? apiSend('POST', '/api/admin/projects', ExportProjectSchema, project, lang())
      : apiSend('PUT', `/api/admin/projects/${encodeURIComponent(project.id)}`, ExportProjectSchema, project, lang()),
  );

export const useDeleteProject = () =>
  useCatalogueMutation((id: string) =>
    apiSend('DELETE', `/api/admin/projects/${encodeURIComponent(id)}`, DeletedResponseSchema, undefined, lang()),
  );

/** POST /api/admin/sectors: a new sector (409 when its id is taken, 400 when its name only differs in case). */
export const useCreateSector = () =>
  useCatalogueMutation((sector: ExportSector) =>
    apiSend('POST', '/api/admin/sectors', ExportSectorSchema, sector, lang()),
  );

/** GET /api/admin/chains: the chains a project may name without adding one. */
export const useKnownChains = () =>
  useQuery({
    queryKey: adminKeys.data.chains(),
    queryFn: ({ signal }) => apiGet('/api/admin/chains', KnownChainsResponseSchema, { signal }),
    select: (data) => data.items,
  });

export const useSaveSector = () =>
  useCatalogueMutation((sector: ExportSector) =>
    apiSend('PUT', `/api/admin/sectors/${encodeURIComponent(sector.id)}`, ExportSectorSchema, sector, lang()),
  );

type ImportInput = { body: unknown; mode: ImportMode };
const importQuery = (mode: ImportMode) => ({ query: { mode, lang: currentLanguage() } });

/** What the file would add, change and remove; writes nothing (so it invalidates nothing). */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: ({ body, mode }: ImportInput) =>
      apiSend('POST', '/api/admin/import/preview', ImportResultSchema, body, importQuery(mode)),
  });

export const useRunImport = () =>
  useCatalogueMutation(({ body, mode }: ImportInput) =>
    apiSend('POST', '/api/admin/import', ImportResultSchema, body, importQuery(mode)),
  );
