import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DiscordIcon, FlameIcon, GithubIcon, MailIcon, TelegramIcon, TwitterIcon } from '../../components/ui/icons.tsx';
import { LanguageSwitcher } from '../../features/preferences/components/language-switcher.tsx';
import { NumberStyleSwitch } from '../../features/preferences/components/number-style-switch.tsx';
import { PriceColoursSwitch } from '../../features/preferences/components/price-colours-switch.tsx';
import { useSite } from '../../features/site/api.ts';
import { type ChannelKey, listChannels } from '../../features/site/channels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { FooterFacts } from './footer-facts.tsx';

const PRODUCT_LINKS = [
  { to: '/directory', key: 'directory' },
  { to: '/sectors', key: 'sectors' },
  { to: '/platforms', key: 'platforms' },
  { to: '/analytics', key: 'analytics' },
  { to: '/search', key: 'search' },
  { to: '/methodology', key: 'methodology' },
] as const;

const COMPANY_LINKS = [
  { to: '/about', key: 'about' },
  { to: '/privacy', key: 'privacy' },
  { to: '/terms', key: 'terms' },
  { to: '/contact', key: 'contact' },
  { to: '/support', key: 'support' },
] as const;

// The operator configures the public channels on the server (SOCIAL_*_URL, CONTACT_EMAIL → GET /api/site); an unset
// one has no icon at all, never a link to an account nobody owns.
const CHANNEL_ICONS: Record<ChannelKey, ComponentType<{ size?: number }>> = {
  x: TwitterIcon,
  telegram: TelegramIcon,
  discord: DiscordIcon,
  github: GithubIcon,
  email: MailIcon,
};

const footerLink = 'text-sm text-gray-600 hover:text-brand-700 dark:text-gray-400 dark:hover:text-brand-400';

export function Footer() {
  const { t } = useTranslation(['app', 'common']);
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold">
            <FlameIcon size={20} className="text-brand-600" />
            {t('common:brand')}
          </p>
          <p className="muted mt-3 max-w-md text-sm leading-6">{t('app:footer.description')}</p>
          <SocialLinks />
          {/* One wrapping row: side by side on a wide screen, each on its own line where a phone has no room. */}
          <div className="mt-4 -ml-2 flex flex-wrap items-center gap-x-3 gap-y-2">
            <LanguageSwitcher variant="button" />
            <NumberStyleSwitch />
            <PriceColoursSwitch className="min-w-0" />
          </div>
        </div>
        <FooterLinks title={t('app:footer.product')} links={PRODUCT_LINKS} />
        <FooterLinks title={t('app:footer.company')} links={COMPANY_LINKS} />
      </div>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <FooterFacts />
        <div className="flex flex-col gap-2 border-t border-gray-200 py-6 text-xs sm:flex-row sm:items-center sm:justify-between dark:border-gray-800">
          <p className="muted">{t('app:footer.copyright', { year })}</p>
          <Link to="/status" className="link">
            {t('app:footer.status')}
          </Link>
        </div>
        <p className="muted pb-8 text-xs leading-5">{t('app:footer.attribution')}</p>
      </div>
    </footer>
  );
}

function SocialLinks() {
  const { t } = useTranslation('app');
  const channels = listChannels(useSite().data);
  if (channels.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-2" aria-label={t('footer.social')} data-slot="social-links">
      {channels.map(({ key, href }) => {
        const Icon = CHANNEL_ICONS[key];
        return (
          <li key={key}>
            <a
              href={href}
              className="btn-ghost px-2"
              aria-label={t(`footer.socialLinks.${key}`)}
              rel="noopener noreferrer"
              target={key === 'email' ? undefined : '_blank'}
            >
              <Icon size={18} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

type FooterLinksProps = { title: string; links: readonly { to: string; key: string }[] };

function FooterLinks({ title, links }: FooterLinksProps) {
  const { t } = useTranslation('app');
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLink}>
              {t(`footer.links.${link.key}` as 'footer.links.about')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
