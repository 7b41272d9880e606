import { useQuery } from '@tanstack/react-query';
import type { AdminClientErrorsResponseSchema } from '../../../shared/api/client-errors.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { adminKeys } from './api.ts';

/** The web app's crash reports of the last 30 days, grouped by message (GET /api/admin/client-errors). */
export const useAdminClientErrors = () =>
  useQuery({
    queryKey: adminKeys.clientErrors,
    queryFn: ({ signal }) => apiGet<typeof AdminClientErrorsResponseSchema>('/api/admin/client-errors', { signal }),
  });
