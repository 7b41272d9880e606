import { useTranslation } from '../../lib/use-translation.ts';
import { InfoArticle } from '../info/info-article.tsx';

export function AboutPage() {
  const { t } = useTranslation(['pages', 'app']);
  return (
    <InfoArticle
      title={t('pages:about.title')}
      lead={t('pages:about.intro')}
      sections={[
        {
          title: t('pages:about.howTitle'),
          paragraphs: [t('pages:about.how1'), t('pages:about.how2'), t('pages:about.how3')],
        },
        { title: t('pages:about.dataTitle'), paragraphs: [t('pages:about.data1')] },
        { title: t('pages:about.openTitle'), paragraphs: [t('pages:about.open1')] },
        { title: t('pages:about.attributionTitle'), paragraphs: [t('app:footer.attribution')] },
      ]}
    />
  );
}
