import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /auth and /login: the sign-in page. The form arrives with the accounts issue; until then, say so plainly. */
export function AuthPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-md py-8">
      <div className="card p-8 text-center">
        <h1 className="text-2xl font-bold">{t('auth.title')}</h1>
        <p className="mt-2 font-medium">{t('auth.subtitle')}</p>
        <p className="muted mt-4 text-sm leading-6">{t('auth.text')}</p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/directory" className="btn-primary">
            {t('auth.browse')}
          </Link>
          <Link to="/membership" className="btn-secondary">
            {t('auth.membership')}
          </Link>
        </div>
      </div>
    </div>
  );
}
