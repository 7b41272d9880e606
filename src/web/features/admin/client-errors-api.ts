import { useQuery } from '@tanstack/react-query';
import { apiGet, lazyContract } from '../../lib/api-client.ts';
import { adminKeys } from './api.ts';

const clientErrorsContracts = () => import('../../../shared/api/client-errors.schema.ts');

/** The web app's crash reports of the last 30 days, grouped by message (GET /api/admin/client-errors). */
export const useAdminClientErrors = () =>
  useQuery({
    queryKey: adminKeys.clientErrors,
    queryFn: ({ signal }) =>
      apiGet('/api/admin/client-errors', lazyContract(clientErrorsContracts, 'AdminClientErrorsResponseSchema'), {
        signal,
      }),
  });
