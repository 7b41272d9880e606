import { PageHeader } from '../../components/ui/page-header.tsx';
import { ProfileView } from '../../features/account/components/profile-view.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { MyCorrections } from '../../features/corrections/components/my-corrections.tsx';
import { PaymentHistory } from '../../features/payments/components/payment-history.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** /profile: the signed-in user's name, avatar, e-mail, level, points, dates and tasks; visitors are asked to sign in. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const { data: me } = useSession();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <RequireSignIn>
        {me && (
          <>
            <ProfileView me={me} />
            <PaymentHistory />
            <MyCorrections />
          </>
        )}
      </RequireSignIn>
    </div>
  );
}
