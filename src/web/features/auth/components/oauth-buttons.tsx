import { useTranslation } from '../../../lib/use-translation.ts';
import { oauthStartUrl, useProviders } from '../api.ts';

/** One button per configured provider (the others stay hidden); each is a full-page redirect to the provider. */
export function OAuthButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const { data } = useProviders();
  const providers = data?.oauth ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="muted flex items-center gap-3 text-xs">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
        {t('form.or')}
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
      </div>
      {providers.map((provider) => (
        <a key={provider} href={oauthStartUrl(provider, returnTo)} className="btn-secondary w-full">
          {t('form.continueWith', { provider: t(`providers.${provider}`) })}
        </a>
      ))}
    </div>
  );
}
