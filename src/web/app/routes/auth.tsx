import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ReturnToSchema } from '../../../shared/api/auth.schema.ts';
import { AuthCallback } from '../../features/auth/components/auth-callback.tsx';
import { AuthForm, type AuthMode } from '../../features/auth/components/auth-form.tsx';
import { SIGNED_IN_STATE } from '../dashboard-home.tsx';

const MODES: Record<string, AuthMode> = {
  signin: 'signIn',
  signup: 'signUp',
  forgot: 'forgot',
  reset: 'reset',
  verify: 'verify',
  unlock: 'unlock',
};
const MODE_PARAM: Record<AuthMode, string> = {
  signIn: 'signin',
  signUp: 'signup',
  forgot: 'forgot',
  reset: 'reset',
  verify: 'verify',
  unlock: 'unlock',
};

/** /auth and /login: ?mode=signin|signup|forgot|reset|verify|unlock, &token= from e-mailed links, &returnTo= after sign-in. */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = MODES[params.get('mode') ?? ''] ?? 'signIn';
  const returnTo = ReturnToSchema.parse(params.get('returnTo') ?? '/');
  // The invite link is /auth?mode=signup&ref=CODE; the code rides along while the visitor switches modes.
  const ref = params.get('ref')?.trim().slice(0, 64) || undefined;
  return (
    <div className="py-8">
      <AuthForm
        mode={mode}
        token={params.get('token') ?? undefined}
        returnTo={returnTo}
        referralCode={ref}
        onModeChange={(next) =>
          setParams(
            { ...(next === 'signIn' ? {} : { mode: MODE_PARAM[next] }), returnTo, ...(ref ? { ref } : {}) },
            { replace: true },
          )
        }
        onSignedIn={(to) => navigate(to, { replace: true, state: SIGNED_IN_STATE })}
      />
    </div>
  );
}

/** /auth/callback: where Google (and the other providers) send the browser back. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const onSignedIn = useCallback((to: string) => navigate(to, { replace: true, state: SIGNED_IN_STATE }), [navigate]);
  return (
    <div className="py-8">
      <AuthCallback
        code={params.get('code')}
        state={params.get('state')}
        providerError={params.get('error')}
        onSignedIn={onSignedIn}
      />
    </div>
  );
}
