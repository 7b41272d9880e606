import { NUMBER_STYLES, setNumberStyle, useNumberStyle } from '../../../lib/number-style.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * 万 / 亿 or K / M / B for large numbers (lib/number-style.ts). Only Chinese has the choice, so the footer's switch
 * shows only in the Chinese UI; the settings page (`always`) offers it in both, since the account keeps it for either.
 */
export function NumberStyleSwitch({ className = '', always = false }: { className?: string; always?: boolean }) {
  const { t, i18n } = useTranslation('app');
  const style = useNumberStyle();
  if (!always && !i18n.language.startsWith('zh')) return null;
  return (
    <fieldset className={`inline-flex items-center gap-2 text-sm ${className}`} title={t('numberStyle.hint')}>
      <legend className="float-left mr-2 text-gray-600 dark:text-gray-400">{t('numberStyle.label')}</legend>
      <span className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700">
        {NUMBER_STYLES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === style}
            onClick={() => setNumberStyle(option)}
            className={`rounded-md px-2 py-0.5 text-xs font-semibold ${
              option === style ? 'bg-brand-700 text-white' : 'text-gray-700 dark:text-gray-300'
            }`}
          >
            {t(`numberStyle.${option}`)}
          </button>
        ))}
      </span>
    </fieldset>
  );
}
