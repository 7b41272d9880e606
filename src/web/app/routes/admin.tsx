import { useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/ui/error-panel.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ADMIN_TABS } from '../../features/admin/admin-tabs.tsx';
import { ConfigNotice } from '../../features/admin/components/config-notice.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { AdminSupportTab } from '../../features/support/components/admin-support-tab.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

// The support queue is its own feature (features/support); it joins the admin tabs here, after the corrections.
const TABS = ADMIN_TABS.flatMap((tab) =>
  tab.id === 'corrections' ? [tab, { id: 'support', Component: AdminSupportTab }] : [tab],
);

/** The tab bar and the chosen section; the tab lives in ?tab= so a section can be linked and reloaded. */
function AdminSections() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const current = TABS.find((tab) => tab.id === params.get('tab')) ?? TABS[0];
  return (
    <div className="space-y-6">
      <ConfigNotice />
      <div
        role="tablist"
        aria-label={t('title')}
        className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-800"
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === current?.id}
            className={tab.id === current?.id ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setParams({ tab: tab.id }, { replace: true })}
          >
            {t(`tabs.${tab.id}`)}
          </button>
        ))}
      </div>
      {current && (
        <section role="tabpanel" aria-label={t(`tabs.${current.id}`)}>
          <current.Component />
        </section>
      )}
    </div>
  );
}

/**
 * /admin (spec §2): operators' tools. The role check here only spares a non-admin a page of failing panels: every
 * /api/admin call is refused by the server (403 ADMIN_REQUIRED) whatever this page shows.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const { t: te } = useTranslation('errors');
  const session = useSession();
  const role = session.data?.user.role;
  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        {session.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : role === 'admin' ? (
          <AdminSections />
        ) : (
          <ErrorPanel title={t('title')} message={te('ADMIN_REQUIRED')} />
        )}
      </RequireSignIn>
    </div>
  );
}
