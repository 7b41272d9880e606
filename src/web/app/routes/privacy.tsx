import { useTranslation } from 'react-i18next';
import { InfoArticle } from '../info/info-article.tsx';

export function PrivacyPage() {
  const { t } = useTranslation('pages');
  return (
    <InfoArticle
      title={t('privacy.title')}
      meta={t('privacy.updated')}
      lead={t('privacy.intro')}
      sections={[
        { title: t('privacy.browseTitle'), paragraphs: [t('privacy.browse1'), t('privacy.browse2')] },
        { title: t('privacy.accountTitle'), paragraphs: [t('privacy.account1')] },
        { title: t('privacy.thirdTitle'), paragraphs: [t('privacy.third1')] },
        { title: t('privacy.rightsTitle'), paragraphs: [t('privacy.rights1')] },
      ]}
    />
  );
}
