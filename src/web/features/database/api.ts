import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DbSetupResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export const databaseKeys = { all: ['database'] as const, setup: () => ['database', 'setup'] as const };

/** GET /api/admin/db-setup (admin): never cached, it is about "now"; a 403 is not retried. */
export const dbSetupQueryOptions = () =>
  queryOptions({
    queryKey: databaseKeys.setup(),
    queryFn: ({ signal }) => apiGet<typeof DbSetupResponseSchema>('/api/admin/db-setup', { signal }),
    staleTime: 0,
    retry: false,
  });

export const useDbSetup = () => useQuery(dbSetupQueryOptions());
