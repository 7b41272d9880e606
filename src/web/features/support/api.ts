import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import type {
  AdminSupportListResponseSchema,
  AdminSupportQuery,
  AdminSupportThreadSchema,
  CreateSupportRequestBody,
  SupportListResponseSchema,
  SupportPriorityResponseSchema,
  SupportState,
  SupportThreadSchema,
} from '../../../shared/api/support.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const supportKeys = {
  all: ['support'] as const,
  priority: ['support', 'priority'] as const,
  mine: (offset: number) => ['support', 'mine', offset] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
  picker: (q: string) => ['support', 'picker', q] as const,
  admin: ['admin', 'support'] as const,
  queue: (state: AdminSupportQuery['state'], offset: number) => ['admin', 'support', 'queue', state, offset] as const,
  adminThread: (id: string) => ['admin', 'support', 'thread', id] as const,
};

export const MY_SUPPORT_PAGE_SIZE = 20;
export const SUPPORT_QUEUE_PAGE_SIZE = 50;

/** The priority and response target a new request of mine would get (the server's answer, test mode included). */
export const useSupportPriority = (enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.priority,
    queryFn: ({ signal }) => apiGet<typeof SupportPriorityResponseSchema>('/api/support/priority', { signal }),
    enabled,
  });

/** My requests, newest first. */
export const useMySupportRequests = (offset: number, enabled = true) =>
  useQuery({
    queryKey: supportKeys.mine(offset),
    queryFn: ({ signal }) =>
      apiGet<typeof SupportListResponseSchema>('/api/support/requests', {
        signal,
        query: { limit: MY_SUPPORT_PAGE_SIZE, offset },
      }),
    enabled,
  });

/** One of my requests with its thread. */
export const useSupportThread = (id: string | null) =>
  useQuery({
    queryKey: supportKeys.thread(id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<typeof SupportThreadSchema>(`/api/support/requests/${encodeURIComponent(id ?? '')}`, {
        signal,
        query: { lang: currentLanguage() },
      }),
    enabled: id !== null,
    retry: false,
  });

/** The project picker's matches: the directory's name filter (GET /api/projects?q=), never the counted search. */
export const useSupportProjectPicker = (q: string) =>
  useQuery({
    queryKey: supportKeys.picker(q),
    queryFn: ({ signal }) =>
      apiGet<typeof ProjectListResponseSchema>('/api/projects', { query: { q, limit: 6, sort: 'heat' }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportRequestBody) =>
      apiSend<typeof SupportThreadSchema>('POST', '/api/support/requests', body, lang()),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(thread.id), thread);
      return queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}

export function useSupportFollowUp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiSend<typeof SupportThreadSchema>(
        'POST',
        `/api/support/requests/${encodeURIComponent(id)}/messages`,
        { text },
        lang(),
      ),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}

export function useCloseSupportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend<typeof SupportThreadSchema>(
        'POST',
        `/api/support/requests/${encodeURIComponent(id)}/close`,
        undefined,
        lang(),
      ),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}

/** The admin queue (GET /api/admin/support): priority first, then oldest first. */
export const useSupportQueue = (state: AdminSupportQuery['state'], offset: number) =>
  useQuery({
    queryKey: supportKeys.queue(state, offset),
    queryFn: ({ signal }) =>
      apiGet<typeof AdminSupportListResponseSchema>('/api/admin/support', {
        signal,
        query: { state, limit: SUPPORT_QUEUE_PAGE_SIZE, offset, lang: currentLanguage() },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminSupportThread = (id: string | null) =>
  useQuery({
    queryKey: supportKeys.adminThread(id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<typeof AdminSupportThreadSchema>(`/api/admin/support/${encodeURIComponent(id ?? '')}`, {
        signal,
        query: { lang: currentLanguage() },
      }),
    enabled: id !== null,
  });

/** Reply to a request or change its state; the queue and the thread are read again either way. */
export function useSupportAdminAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { reply: string } | { state: SupportState }) =>
      'reply' in action
        ? apiSend<typeof AdminSupportThreadSchema>(
            'POST',
            `/api/admin/support/${id}/replies`,
            { text: action.reply },
            lang(),
          )
        : apiSend<typeof AdminSupportThreadSchema>(
            'POST',
            `/api/admin/support/${id}/state`,
            { state: action.state },
            lang(),
          ),
    onSuccess: (thread) => queryClient.setQueryData(supportKeys.adminThread(id), thread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.admin }),
  });
}
