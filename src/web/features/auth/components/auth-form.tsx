import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUnlockAccount } from '../api.ts';
import { EmailLinkAction } from './email-link-action.tsx';
import { ResetConfirmForm } from './reset-confirm-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { VerifyEmail } from './verify-email.tsx';

export type AuthMode = 'signIn' | 'signUp' | 'forgot' | 'reset' | 'verify' | 'unlock';

export type AuthFormProps = {
  mode: AuthMode;
  /** The one-time token from an e-mailed link (reset, verify, unlock). */
  token?: string;
  /** Same-site path to go back to after signing in. */
  returnTo: string;
  /** A friend's invite code from the invite link (?ref=), sent with a sign-up. */
  referralCode?: string;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (returnTo: string) => void;
};

/** The /auth page's card: one component per mode, each validated by the API's own zod schema. */
export function AuthForm({ mode, token = '', returnTo, referralCode, onModeChange, onSignedIn }: AuthFormProps) {
  const { t } = useTranslation('auth');
  // A notice carried to the sign-in form ("password changed"); any other mode change drops it.
  const [carried, setCarried] = useState<string>();
  const go = (next: AuthMode) => {
    setCarried(undefined);
    onModeChange(next);
  };
  const unlock = useUnlockAccount();

  switch (mode) {
    case 'signIn':
      return <SignInForm returnTo={returnTo} notice={carried} onModeChange={go} onSignedIn={onSignedIn} />;
    case 'signUp':
      return <SignUpForm returnTo={returnTo} referralCode={referralCode} onModeChange={go} onSignedIn={onSignedIn} />;
    case 'forgot':
      return <ResetRequestForm onBack={() => go('signIn')} />;
    case 'reset':
      return (
        <ResetConfirmForm
          token={token}
          onBack={() => go('signIn')}
          onSaved={() => {
            setCarried(t('form.passwordSaved'));
            onModeChange('signIn');
          }}
        />
      );
    case 'verify':
      return <VerifyEmail token={token} onDone={() => go('signIn')} />;
    case 'unlock':
      return (
        <EmailLinkAction
          token={token}
          action={unlock}
          title={t('form.unlockTitle')}
          working={t('form.unlocking')}
          done={t('form.unlocked')}
          onDone={() => go('signIn')}
        />
      );
  }
}
