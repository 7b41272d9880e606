import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { MyRequests } from '../../features/support/components/my-requests.tsx';
import { MySupportTarget, SupportForm } from '../../features/support/components/support-form.tsx';
import { SupportThreadView } from '../../features/support/components/support-thread.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * /support: the new-request form with the response target of my level, and my requests or, with
 * ?request=<id>, one request's thread (the link notifications and the reply e-mail carry).
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requestId = params.get('request');
  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-4">
            <MySupportTarget />
            <SupportForm onCreated={(thread) => navigate(`/support?request=${thread.id}`)} />
          </div>
          <div className="min-w-0">{requestId ? <SupportThreadView id={requestId} /> : <MyRequests />}</div>
        </div>
      </RequireSignIn>
    </div>
  );
}
