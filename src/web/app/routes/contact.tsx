import { Link } from 'react-router';
import { POINTS_PER_ACCEPTED_CORRECTION } from '../../../shared/membership/tasks.ts';
import { useSite } from '../../features/site/api.ts';
import { listChannels } from '../../features/site/channels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { InfoArticle } from '../info/info-article.tsx';

export function ContactPage() {
  const { t } = useTranslation('pages');
  const site = useSite().data;
  const configured = listChannels(site);
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
        {
          title: t('contact.correctionsTitle'),
          paragraphs: [t('contact.corrections1', { points: POINTS_PER_ACCEPTED_CORRECTION })],
        },
        {
          title: t('contact.securityTitle'),
          // The private channel is the e-mail address; without one configured, say there is none.
          paragraphs: [site?.contactEmail ? t('contact.security1') : t('contact.securityNoEmail')],
        },
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
