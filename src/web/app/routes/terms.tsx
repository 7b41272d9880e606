import { useTranslation } from 'react-i18next';
import { InfoArticle } from '../info/info-article.tsx';

export function TermsPage() {
  const { t } = useTranslation('pages');
  return (
    <InfoArticle
      title={t('terms.title')}
      meta={t('terms.updated')}
      lead={t('terms.intro')}
      sections={[
        { title: t('terms.adviceTitle'), paragraphs: [t('terms.advice1')] },
        { title: t('terms.dataTitle'), paragraphs: [t('terms.data1')] },
        { title: t('terms.useTitle'), paragraphs: [t('terms.use1')] },
        { title: t('terms.membershipTitle'), paragraphs: [t('terms.membership1')] },
        { title: t('terms.ipTitle'), paragraphs: [t('terms.ip1')] },
        { title: t('terms.changesTitle'), paragraphs: [t('terms.changes1')] },
      ]}
    />
  );
}
