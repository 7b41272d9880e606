import { PageHeader } from '../../components/ui/page-header.tsx';
import { DeleteAccountSection, SessionsSection } from '../../features/account/components/danger-zone.tsx';
import { PasswordForm } from '../../features/account/components/password-form.tsx';
import { ProfileForm } from '../../features/account/components/profile-form.tsx';
import { SignInMethods } from '../../features/account/components/sign-in-methods.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { PreferencesSection } from '../../features/preferences/components/preferences-section.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** /settings: profile, language and theme, password, sign-in methods, sessions, account deletion. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const { data: me } = useSession();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <RequireSignIn>
        {me && (
          // Keyed by user: another account signing in this tab starts the forms afresh.
          <div key={me.user.id} className="space-y-6">
            <ProfileForm me={me} />
            <PreferencesSection />
            <PasswordForm me={me} />
            <SignInMethods />
            <SessionsSection />
            <DeleteAccountSection me={me} />
          </div>
        )}
      </RequireSignIn>
    </div>
  );
}
