import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptedResponseSchema,
  CsrfResponseSchema,
  MeResponse,
  MeResponseSchema,
  OAuthCallbackBody,
  OAuthCallbackResponseSchema,
  OAuthProvider,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  ProvidersResponseSchema,
  SessionResponseSchema,
  SignInBody,
  SignUpBody,
  SignUpResponseSchema,
  VerifyEmailBody,
  VerifyEmailCheckResponseSchema,
} from '../../../shared/api/auth.schema.ts';
import { ApiError, apiGet, apiSend, buildUrl } from '../../lib/api-client.ts';
import { refetchableExcept } from '../../lib/counted-queries.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { authKeys } from '../../lib/session-keys.ts';

// The UI language, not the browser's: mails and server-side validation messages follow what the user reads.
const lang = () => ({ query: { lang: currentLanguage() } });

export { authKeys };

/** The signed-in user, or null when signed out (a visitor gets `{ user: null }`; an ended session a 401, once). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }): Promise<MeResponse | null> => {
      try {
        const session = await apiGet<typeof SessionResponseSchema>('/api/me', { signal });
        return session.user === null ? null : session;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const useSession = () => useQuery(sessionQueryOptions());

export const useProviders = () =>
  useQuery({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => apiGet<typeof ProvidersResponseSchema>('/api/auth/providers', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where the browser goes to start an OAuth sign-in (a full-page navigation, not fetch). */
export const oauthStartUrl = (provider: OAuthProvider, returnTo: string) =>
  buildUrl(`/api/auth/oauth/${provider}`, { returnTo });

function useSignedInMutation<T, R extends MeResponse>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (me) => {
      queryClient.setQueryData(authKeys.me(), me);
      // Anything cached may depend on who is signed in (quotas, membership): refetch it.
      void queryClient.invalidateQueries({ predicate: refetchableExcept(authKeys.all) });
    },
  });
}

export const useSignIn = () =>
  useSignedInMutation((body: SignInBody) =>
    apiSend<typeof MeResponseSchema>('POST', '/api/auth/sign-in', body, lang()),
  );

export const useSignUp = () =>
  useSignedInMutation((body: SignUpBody) =>
    apiSend<typeof SignUpResponseSchema>('POST', '/api/auth/sign-up', body, lang()),
  );

export const useOAuthCallback = () =>
  useSignedInMutation((body: OAuthCallbackBody) =>
    apiSend<typeof OAuthCallbackResponseSchema>('POST', '/api/auth/oauth/callback', body, lang()),
  );

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<typeof CsrfResponseSchema>('POST', '/api/auth/sign-out'),
    onSettled: () => {
      queryClient.setQueryData(authKeys.me(), null);
      void queryClient.invalidateQueries({ predicate: refetchableExcept(authKeys.all) });
    },
  });
}

export const useRequestReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      apiSend<typeof AcceptedResponseSchema>('POST', '/api/auth/password-reset/request', body, lang()),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      apiSend<typeof AcceptedResponseSchema>('POST', '/api/auth/password-reset/confirm', body, lang()),
  });

/** Asks whether following a verification link will need a password (it does not spend the link). */
export const useCheckVerifyLink = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiSend<typeof VerifyEmailCheckResponseSchema>('POST', '/api/auth/verify-email/check', { token }, lang()),
  });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) =>
      apiSend<typeof AcceptedResponseSchema>('POST', '/api/auth/verify-email', body, lang()),
    // A verified session may earn, pay and export now: everything cached about the user is refetched.
    onSuccess: () => queryClient.invalidateQueries({ predicate: refetchableExcept() }),
  });
}

/** Mails a fresh verification link to the signed-in, unverified user (rate-limited on the server). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () =>
      apiSend<typeof AcceptedResponseSchema>('POST', '/api/auth/verify-email/resend', undefined, lang()),
  });

/** Follows an e-mailed unlock link: the account's sign-in budget starts afresh. */
export const useUnlockAccount = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiSend<typeof AcceptedResponseSchema>('POST', '/api/auth/unlock', { token }, lang()),
  });
