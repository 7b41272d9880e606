import { ErrorPanel } from '../../components/ui/error-panel.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { useDbSetup } from '../../features/database/api.ts';
import { DbSetupPanel } from '../../features/database/components/db-setup-panel.tsx';
import { useErrorText } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/use-translation.ts';

function DbSetup() {
  const { t } = useTranslation('database');
  const errorText = useErrorText();
  const setup = useDbSetup();
  if (setup.isPending) return <p className="muted text-sm">{t('loading')}</p>;
  // A non-admin gets the server's 403 ADMIN_REQUIRED: "需要管理员权限" / "admin permission required".
  if (setup.isError) return <ErrorPanel title={t('title')} message={errorText(setup.error)} />;
  return <DbSetupPanel data={setup.data} />;
}

/** /db-setup (admin): the database in use, its migrations, tables and size, and the move to PostgreSQL. */
export function DbSetupPage() {
  const { t } = useTranslation('database');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <DbSetup />
      </RequireSignIn>
    </div>
  );
}
