import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CorrectionListResponseSchema,
  CorrectionSchema,
  CreateCorrectionBody,
} from '../../../shared/api/corrections.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const correctionKeys = {
  all: ['corrections'] as const,
  mine: (offset: number) => ['corrections', 'mine', offset] as const,
};

export const MY_CORRECTIONS_PAGE_SIZE = 10;

/** My corrections, newest first (GET /api/me/corrections). */
export const useMyCorrections = (offset: number) =>
  useQuery({
    queryKey: correctionKeys.mine(offset),
    queryFn: ({ signal }) =>
      apiGet<typeof CorrectionListResponseSchema>('/api/me/corrections', {
        signal,
        query: { limit: MY_CORRECTIONS_PAGE_SIZE, offset },
      }),
  });

/** Proposes a correction of one project (POST /api/projects/:id/corrections). */
export function useProposeCorrection(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCorrectionBody) =>
      apiSend<typeof CorrectionSchema>(
        'POST',
        `/api/projects/${encodeURIComponent(projectId)}/corrections`,
        body,
        lang(),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.all }),
  });
}
