import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkReadResponseSchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from '../../../shared/api/notifications.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notificationKeys } from './keys.ts';

/** The bell polls this often (and on window focus). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The bell's count: cheap, polled every minute, on focus and on navigation once 15 s old; a credit's blanket
 * invalidation refreshes it too.
 */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiGet<typeof UnreadCountResponseSchema>('/api/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });

/** The first page (the dropdown shows its first few). */
export const useLatestNotifications = () =>
  useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) => apiGet<typeof NotificationsResponseSchema>('/api/notifications', { signal }),
    staleTime: 0,
  });

/** /notifications: newest first, a page at a time. */
export const useNotificationPages = (unreadOnly: boolean) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: ({ signal, pageParam }) =>
      apiGet<typeof NotificationsResponseSchema>('/api/notifications', {
        query: { cursor: pageParam, unreadOnly: unreadOnly ? 'true' : undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

const lang = () => ({ query: { lang: currentLanguage() } });

function useNotificationMutation<T>(send: (input: T) => Promise<{ unread: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread(), { unread });
      return queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (q) => q.queryKey[1] !== 'unread',
      });
    },
  });
}

export const useMarkRead = () =>
  useNotificationMutation((id: string) =>
    apiSend<typeof MarkReadResponseSchema>(
      'POST',
      `/api/notifications/${encodeURIComponent(id)}/read`,
      undefined,
      lang(),
    ),
  );

export const useMarkAllRead = () =>
  useNotificationMutation(() =>
    apiSend<typeof MarkReadResponseSchema>('POST', '/api/notifications/read-all', undefined, lang()),
  );

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { notificationKeys };
