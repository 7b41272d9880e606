import { MonitorIcon, MoonIcon, SunIcon } from '../../../components/ui/icons.tsx';
import { setTheme, THEMES, type Theme, useTheme } from '../../../lib/theme.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const ICONS = { light: SunIcon, dark: MoonIcon, auto: MonitorIcon } as const;

/** Cycles light → dark → auto. The title is the spec's (Chinese in zh); the accessible name says what happens. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('app');
  const { theme } = useTheme();
  const next: Theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'auto';
  const Icon = ICONS[theme];
  return (
    <button
      type="button"
      className={`btn-ghost px-2 ${className}`}
      title={t(`theme.title.${theme}`)}
      aria-label={t('theme.current', { theme: t(`theme.${theme}`) })}
      data-theme-setting={theme}
      onClick={() => setTheme(next)}
    >
      <Icon size={18} />
    </button>
  );
}
