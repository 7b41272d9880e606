import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { AwardIcon, BrainIcon, GlobeIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { usePlatforms } from '../../features/platforms/api.ts';
import { useProjects } from '../../features/projects/api.ts';
import { useSite } from '../../features/site/api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

type BadgeKey = 'ai' | 'security' | 'certification' | 'global';

// The spec's four footer highlights, each a link to what backs it with the fact in words: the analysis and the model
// that writes its briefs (or that none does), where the data is stored, how many projects are verified and how, how
// many ecosystem platforms are covered. A fact not loaded yet is left out, never guessed.
const BADGES: { key: BadgeKey; to: string; Icon: ComponentType<{ size?: number }> }[] = [
  { key: 'ai', to: '/analytics', Icon: BrainIcon },
  { key: 'security', to: '/privacy', Icon: ShieldIcon },
  { key: 'certification', to: '/directory?verified=true', Icon: AwardIcon },
  { key: 'global', to: '/platforms', Icon: GlobeIcon },
];

function useBadgeFacts(): Record<BadgeKey, string | null> {
  const { t } = useTranslation('app');
  const site = useSite().data;
  const verified = useProjects({ sort: 'heat', limit: 1, offset: 0, verified: true }).data?.total;
  const platforms = usePlatforms().data?.items.length;
  return {
    ai: site
      ? site.aiModel
        ? t('footer.facts.aiModel', { model: site.aiModel })
        : t('footer.facts.aiTemplate')
      : null,
    security: site
      ? t(site.storage === 'postgres' ? 'footer.facts.storagePostgres' : 'footer.facts.storagePglite')
      : null,
    certification:
      verified === undefined
        ? null
        : verified === 0
          ? t('footer.facts.verifiedNone')
          : t('footer.facts.verified', { count: verified }),
    global: platforms === undefined ? null : t('footer.facts.platforms', { count: platforms }),
  };
}

/** The footer's four highlights as links to what backs each, with the fact stated under its name. */
export function FooterFacts() {
  const { t } = useTranslation('app');
  const facts = useBadgeFacts();
  return (
    <ul
      aria-label={t('footer.facts.label')}
      className="grid grid-cols-1 gap-4 border-t border-gray-200 py-6 sm:grid-cols-2 md:grid-cols-4 dark:border-gray-800"
    >
      {BADGES.map(({ key, to, Icon }) => (
        <li key={key}>
          <Link
            to={to}
            data-badge={key}
            className="group flex items-start gap-2 rounded-md text-sm hover:text-brand-700 dark:hover:text-brand-400"
          >
            <span className="mt-0.5 text-brand-600 dark:text-brand-400">
              <Icon size={18} />
            </span>
            <span>
              <span className="block font-medium group-hover:underline">{t(`footer.features.${key}`)}</span>
              {facts[key] && <span className="muted block text-xs leading-5">{facts[key]}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
