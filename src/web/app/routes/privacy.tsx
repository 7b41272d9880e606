import { useTranslation } from '../../lib/use-translation.ts';
import { InfoArticle } from '../info/info-article.tsx';

// Describes accounts as docs/auth.md and src/server/features/auth implement them: change both together.
export function PrivacyPage() {
  const { t } = useTranslation('pages');
  return (
    <InfoArticle
      title={t('privacy.title')}
      meta={t('privacy.updated')}
      lead={t('privacy.intro')}
      sections={[
        { title: t('privacy.browseTitle'), paragraphs: [t('privacy.browse1'), t('privacy.browse2')] },
        {
          title: t('privacy.cookiesTitle'),
          paragraphs: [t('privacy.cookies1'), t('privacy.cookies2'), t('privacy.cookies3')],
        },
        {
          title: t('privacy.accountTitle'),
          paragraphs: [t('privacy.account1'), t('privacy.account2'), t('privacy.account3')],
        },
        { title: t('privacy.signInTitle'), paragraphs: [t('privacy.signIn1')] },
        { title: t('privacy.mailTitle'), paragraphs: [t('privacy.mail1'), t('privacy.mail2')] },
        { title: t('privacy.oauthTitle'), paragraphs: [t('privacy.oauth1')] },
        { title: t('privacy.thirdTitle'), paragraphs: [t('privacy.third1')] },
        { title: t('privacy.rightsTitle'), paragraphs: [t('privacy.rights1')] },
      ]}
    />
  );
}
