import { MEMBERSHIP_LEVELS, type MembershipLevel } from '../../../../shared/membership/level.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSetTestMode } from '../api.ts';

/** Shown on every page while this session previews a level; one click turns it off. */
export function TestModeBanner({ testLevel }: { testLevel: MembershipLevel }) {
  const { t } = useTranslation('membership');
  const setTestMode = useSetTestMode();
  return (
    <div
      role="status"
      data-slot="test-mode-banner"
      className="border-b border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>{t('testMode.banner', { level: t(`levels.${testLevel}`) })}</p>
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-xs"
          disabled={setTestMode.isPending}
          onClick={() => setTestMode.mutate(null)}
        >
          {t('testMode.turnOff')}
        </button>
      </div>
    </div>
  );
}

/** For admins (and anyone in development): preview what a level sees, in this session only. */
export function TestModeSwitcher({ testLevel }: { testLevel: MembershipLevel | null }) {
  const { t } = useTranslation('membership');
  const setTestMode = useSetTestMode();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="test-mode" className="card space-y-3 p-5" data-slot="test-mode-switcher">
      <h2 id="test-mode" className="text-lg font-semibold">
        {t('testMode.title')}
      </h2>
      <p className="muted text-sm">{t('testMode.text')}</p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('testMode.title')}</legend>
        {[null, ...MEMBERSHIP_LEVELS].map((level) => (
          <button
            key={level ?? 'off'}
            type="button"
            aria-pressed={testLevel === level}
            disabled={setTestMode.isPending}
            onClick={() => setTestMode.mutate(level)}
            className={testLevel === level ? 'btn-primary px-3 py-1 text-sm' : 'btn-secondary px-3 py-1 text-sm'}
          >
            {level ? t('testMode.preview', { level: t(`levels.${level}`) }) : t('testMode.off')}
          </button>
        ))}
      </fieldset>
      {setTestMode.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(setTestMode.error)}
        </p>
      )}
    </section>
  );
}
