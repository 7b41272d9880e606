import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';

const VARIANTS = [
  { to: '/', key: 'default' },
  { to: '/tool', key: 'tool' },
  { to: '/investor', key: 'investor' },
  { to: '/data-tool', key: 'dataTool' },
] as const;

/** Switches between the four home layouts (/, /tool, /investor, /data-tool). */
export function HomeVariantNav() {
  const { t } = useTranslation('home');
  return (
    <nav aria-label={t('variants.nav.label')} className="-mt-2 flex justify-end">
      <ul className="inline-flex rounded-lg border border-gray-200 p-0.5 text-sm dark:border-gray-800">
        {VARIANTS.map((variant) => (
          <li key={variant.to}>
            <NavLink
              to={variant.to}
              end
              className={({ isActive }) =>
                `block rounded-md px-3 py-1 ${isActive ? 'bg-gray-900 text-white dark:bg-white dark:text-gray-900' : 'muted hover:text-gray-900 dark:hover:text-white'}`
              }
            >
              {t(`variants.nav.${variant.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
