import { OAUTH_PROVIDERS } from '../../../../shared/api/auth.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLinkedProviders } from '../api.ts';
import { useAccountErrorText } from '../error-text.ts';
import { SettingsSection } from './form-status.tsx';

/** Password yes/no, and each provider that is linked or that this server offers (with the date it was linked). */
export function SignInMethods() {
  const { t } = useTranslation(['account', 'auth']);
  const errorText = useAccountErrorText();
  const { data, error } = useLinkedProviders();
  const providers = data
    ? OAUTH_PROVIDERS.filter((p) => data.enabled.includes(p) || data.linked.some((link) => link.provider === p))
    : [];
  return (
    <SettingsSection id="settings-providers" title={t('account:settings.providers.title')}>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(error)}
        </p>
      )}
      {data && (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-testid="sign-in-methods">
          <li className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="font-medium">{t('account:settings.providers.password')}</span>
            <Badge tone={data.password ? 'green' : 'gray'}>
              {data.password ? t('account:settings.providers.passwordOn') : t('account:settings.providers.passwordOff')}
            </Badge>
          </li>
          {providers.map((provider) => {
            const link = data.linked.find((entry) => entry.provider === provider);
            return (
              <li key={provider} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="font-medium">{t(`auth:providers.${provider}`)}</span>
                {link ? (
                  <Badge tone="green">
                    {t('account:settings.providers.linked', { date: formatDate(link.linkedAt) })}
                  </Badge>
                ) : (
                  <Badge tone="gray">{t('account:settings.providers.notLinked')}</Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data && providers.length === 0 && <p className="muted text-sm">{t('account:settings.providers.none')}</p>}
    </SettingsSection>
  );
}
