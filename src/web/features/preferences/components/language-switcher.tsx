import { useId } from 'react';
import { LANGUAGES, type Language } from '../../../../shared/locales/languages.ts';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

// The spec's four language-switcher styles. The navbar uses "dropdown" (the spec's picker: Chinese first, default).
export type LanguageSwitcherVariant = 'dropdown' | 'button' | 'compact' | 'card';

type LanguageSwitcherProps = { variant?: LanguageSwitcherVariant; className?: string; onChange?: () => void };

export function LanguageSwitcher({ variant = 'dropdown', className = '', onChange }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('app');
  const id = useId();
  const active = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const choose = (language: Language) => {
    void changeLanguage(language).then(onChange);
  };
  const other: Language = active === 'zh' ? 'en' : 'zh';

  if (variant === 'button') {
    return (
      <button
        type="button"
        className={`btn-ghost ${className}`}
        onClick={() => choose(other)}
        lang={other === 'zh' ? 'zh-CN' : 'en'}
        aria-label={t('language.switchTo', { language: t(`language.${other}`) })}
      >
        <GlobeIcon size={16} />
        {t(`language.${other}`)}
      </button>
    );
  }

  if (variant === 'compact') {
    return (
      <fieldset className={`inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700 ${className}`}>
        <legend className="sr-only">{t('language.label')}</legend>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            aria-pressed={language === active}
            aria-label={`${t(`language.short.${language}`)} ${t(`language.${language}`)}`}
            onClick={() => choose(language)}
            className={`rounded-md px-2 py-1 text-xs font-semibold ${
              language === active ? 'bg-brand-700 text-white' : 'text-gray-700 dark:text-gray-300'
            }`}
          >
            {t(`language.short.${language}`)}
          </button>
        ))}
      </fieldset>
    );
  }

  if (variant === 'card') {
    return (
      <fieldset className={`grid grid-cols-2 gap-3 ${className}`}>
        <legend className="mb-2 text-sm font-medium">{t('language.label')}</legend>
        {LANGUAGES.map((language) => (
          <label
            key={language}
            className={`card flex cursor-pointer items-center gap-3 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
              language === active ? 'border-brand-500 ring-1 ring-brand-500 dark:border-brand-500' : ''
            }`}
          >
            <input
              type="radio"
              name={`${id}-language`}
              value={language}
              checked={language === active}
              onChange={() => choose(language)}
              className="accent-brand-600"
            />
            <span lang={language === 'zh' ? 'zh-CN' : 'en'} className="font-medium">
              {t(`language.${language}`)}
            </span>
          </label>
        ))}
      </fieldset>
    );
  }

  return (
    <div className={`relative inline-flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon size={16} className="pointer-events-none absolute left-2 text-gray-600 dark:text-gray-400" />
      <select
        id={id}
        value={active}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
        className="input cursor-pointer appearance-none py-1.5 pr-3 pl-7"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language === 'zh' ? 'zh-CN' : 'en'}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
