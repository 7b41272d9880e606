import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '../../lib/env.ts';
import { InfoArticle } from '../info/info-article.tsx';

export function ContactPage() {
  const { t } = useTranslation('pages');
  const channels = [
    { key: 'email', href: env.VITE_CONTACT_EMAIL && `mailto:${env.VITE_CONTACT_EMAIL}`, text: env.VITE_CONTACT_EMAIL },
    { key: 'twitter', href: env.VITE_LINK_TWITTER, text: env.VITE_LINK_TWITTER },
    { key: 'github', href: env.VITE_LINK_GITHUB, text: env.VITE_LINK_GITHUB },
    { key: 'telegram', href: env.VITE_LINK_TELEGRAM, text: env.VITE_LINK_TELEGRAM },
  ] as const;
  const configured = channels.filter((channel) => channel.href);
  return (
    <InfoArticle
      title={t('contact.title')}
      lead={t('contact.intro')}
      sections={[
        {
          title: t('contact.channelsTitle'),
          paragraphs: configured.length === 0 ? [t('contact.notConfigured')] : [],
          extra: configured.length > 0 && (
            <ul id="channels" className="mt-3">
              {configured.map((channel) => (
                <li key={channel.key}>
                  {t(`contact.${channel.key}`)}:{' '}
                  <a href={channel.href} className="link" rel="noopener noreferrer">
                    {channel.text}
                  </a>
                </li>
              ))}
            </ul>
          ),
        },
        { title: t('contact.correctionsTitle'), paragraphs: [t('contact.corrections1')] },
        { title: t('contact.securityTitle'), paragraphs: [t('contact.security1')] },
        {
          title: t('contact.statusTitle'),
          paragraphs: [t('contact.status1')],
          extra: (
            <p className="mt-3">
              <Link to="/status" className="link">
                {t('status.title')}
              </Link>
            </p>
          ),
        },
      ]}
    />
  );
}
