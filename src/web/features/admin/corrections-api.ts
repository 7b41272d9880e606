import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCorrectionListResponseSchema,
  AdminCorrectionSchema,
  CorrectionStatus,
} from '../../../shared/api/corrections.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const ADMIN_CORRECTIONS_PAGE_SIZE = 20;

/** The review queue (GET /api/admin/corrections): one status, a page at a time. */
export const useAdminCorrections = (status: CorrectionStatus, offset: number) =>
  useQuery({
    queryKey: adminKeys.corrections.list(status, offset),
    queryFn: ({ signal }) =>
      apiGet<typeof AdminCorrectionListResponseSchema>('/api/admin/corrections', {
        signal,
        query: { status, limit: ADMIN_CORRECTIONS_PAGE_SIZE, offset, lang: currentLanguage() },
      }),
  });

/** Accept or reject one correction; the queue is read again either way (a 409 means someone else reviewed it). */
export function useReviewCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? apiSend<typeof AdminCorrectionSchema>('POST', `/api/admin/corrections/${id}/accept`, undefined, lang())
        : apiSend<typeof AdminCorrectionSchema>('POST', `/api/admin/corrections/${id}/reject`, { reason }, lang()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.corrections.all }),
  });
}
