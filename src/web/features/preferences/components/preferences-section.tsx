import { useId } from 'react';
import { setTheme, THEMES, useTheme } from '../../../lib/theme.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { NumberStyleSwitch } from './number-style-switch.tsx';
import { PriceColoursSwitch } from './price-colours-switch.tsx';

/**
 * The settings page's language (zh/en), theme (light/dark/auto), up/down colours and number units: the same choices the
 * navbar and footer change, saved to the signed-in account (app/account-preferences-sync.tsx).
 */
export function PreferencesSection() {
  const { t } = useTranslation(['account', 'app']);
  const { theme } = useTheme();
  const id = useId();
  return (
    <section aria-labelledby="settings-preferences" className="card flex flex-col gap-4 p-5">
      <h2 id="settings-preferences" className="text-lg font-semibold">
        {t('account:settings.preferences.title')}
      </h2>
      <p className="muted -mt-2 text-sm">{t('account:settings.preferences.savedToAccount')}</p>
      <LanguageSwitcher variant="card" />
      <fieldset className="grid grid-cols-3 gap-3">
        <legend className="mb-2 text-sm font-medium">{t('app:theme.label')}</legend>
        {THEMES.map((value) => (
          <label
            key={value}
            className={`card flex cursor-pointer items-center gap-2 p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
              value === theme ? 'border-brand-500 ring-1 ring-brand-500 dark:border-brand-500' : ''
            }`}
          >
            <input
              type="radio"
              name={`${id}-theme`}
              value={value}
              checked={value === theme}
              onChange={() => setTheme(value)}
              className="accent-brand-600"
            />
            <span className="font-medium">{t(`app:theme.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <PriceColoursSwitch variant="card" />
      <div className="space-y-1">
        <NumberStyleSwitch always />
        <p className="muted text-xs">{t('app:numberStyle.hint')}</p>
      </div>
    </section>
  );
}
