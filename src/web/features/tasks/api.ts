import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointsResponseSchema } from '../../../shared/api/points.schema.ts';
import type { ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import type {
  AdStartResponseSchema,
  CreditResponse,
  CreditResponseSchema,
  ShareStartResponseSchema,
  ShareVisitResponseSchema,
  TasksResponse,
  TasksResponseSchema,
} from '../../../shared/api/tasks.schema.ts';
import type { TaskKey } from '../../../shared/membership/tasks.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { refetchableExcept } from '../../lib/counted-queries.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { projectKeys } from '../projects/keys.ts';
import { taskKeys } from './keys.ts';

// The UI language, so the server's refusals (cap reached, too early) and the history's reasons read like the page.
const lang = () => ({ query: { lang: currentLanguage() } });

/** Points history page size on this page. */
export const HISTORY_PAGE_SIZE = 10;
/** Projects offered in the share dialog. */
const SHARE_CHOICES = 8;

/** While a share link waits for someone to open it, the list looks again every 15 s (the server credits on the visit). */
const SHARE_WAIT_REFETCH_MS = 15_000;
const waitsForShare = (data: TasksResponse | undefined) =>
  !!data?.tasks.some((task) => task.pendingReason === 'shareNotOpened');

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.today(),
    queryFn: ({ signal }) => apiGet<typeof TasksResponseSchema>('/api/tasks', { signal }),
    // Tasks are done elsewhere on the site (a profile saved, pages opened): the list is read afresh on every visit.
    staleTime: 0,
    refetchInterval: (query) => (waitsForShare(query.state.data) ? SHARE_WAIT_REFETCH_MS : false),
  });

export const useTasks = () => useQuery(tasksQueryOptions());

export const pointsQueryOptions = (offset: number, language: string) =>
  queryOptions({
    queryKey: taskKeys.pointsPage(offset, language),
    queryFn: ({ signal }) =>
      apiGet<typeof PointsResponseSchema>('/api/me/points', {
        query: { limit: HISTORY_PAGE_SIZE, offset, lang: language },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePoints = (offset: number, language: string) => useQuery(pointsQueryOptions(offset, language));

/** A few of the hottest projects to pick from when sharing. */
export const useShareChoices = (enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.shareChoices(),
    queryFn: ({ signal }) =>
      apiGet<typeof ProjectListResponseSchema>('/api/projects', { query: { limit: SHARE_CHOICES }, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

/**
 * A credit moved points: the balance, the level and everything that depends on the level (the user menu's /api/me,
 * quotas, membership) may have changed. Only queries on screen refetch; the rest are marked stale.
 */
function useCreditMutation<T>(send: (input: T) => Promise<CreditResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ predicate: refetchableExcept(projectKeys.all) }),
  });
}

export const useCheckIn = () =>
  useCreditMutation(() => apiSend<typeof CreditResponseSchema>('POST', '/api/tasks/check-in', undefined, lang()));

export const useClaimTask = () =>
  useCreditMutation((key: TaskKey) =>
    apiSend<typeof CreditResponseSchema>('POST', '/api/tasks/claim', { key }, lang()),
  );

export const useClaimAd = () =>
  useCreditMutation((token: string) =>
    apiSend<typeof CreditResponseSchema>('POST', '/api/tasks/ads/claim', { token }, lang()),
  );

/** A page opened from a share link reports the link's token once; the server decides whether it counts. */
export const useReportShareVisit = () =>
  useMutation({
    mutationFn: (token: string) => apiSend<typeof ShareVisitResponseSchema>('POST', '/api/share-visits', { token }),
  });

/** Starting an ad also counts it as shown today on the server: refresh the task list so its state follows. */
export function useStartAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<typeof AdStartResponseSchema>('POST', '/api/tasks/ads/start', undefined, lang()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.today() }),
  });
}

/** Starting a share turns the task pending ("waiting for someone to open your link"): refresh the list. */
export function useStartShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) =>
      apiSend<typeof ShareStartResponseSchema>('POST', '/api/tasks/share/start', { projectId }, lang()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.today() }),
  });
}

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { taskKeys };
