import type { LocalizedText } from '../../../../shared/api/common.schema.ts';
import type { Project } from '../../../../shared/api/projects.schema.ts';
import { htmlLang, pickLocalized } from '../../../lib/localized.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const TEXT_LABELS = ['team', 'roadmap', 'tokenomics'] as const;

/** The catalogue's team, roadmap, tokenomics and partnerships; nothing at all when none is curated. */
export function ProjectFundamentals({ project }: { project: Project }) {
  const { t, i18n } = useTranslation('project');
  const { fundamentals } = project;
  const texts = TEXT_LABELS.flatMap((key) => {
    const value: LocalizedText | null = fundamentals[key];
    const picked = value ? pickLocalized(value, i18n.language) : null;
    return picked ? [{ key, ...picked }] : [];
  });
  if (texts.length === 0 && fundamentals.partnerships.length === 0) return null;
  return (
    <section aria-labelledby="project-fundamentals" className="card p-5" data-testid="project-fundamentals">
      <h2 id="project-fundamentals" className="text-lg font-semibold">
        {t('fundamentals.title')}
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        {texts.map(({ key, text, lang, fallback }) => (
          <div key={key}>
            <dt className="muted text-xs font-medium">{t(`fundamentals.${key}`)}</dt>
            <dd className="mt-1 leading-6" lang={htmlLang(lang)}>
              {text}
              {fallback && <span className="muted ml-1 text-xs">{t('about.translatedFallback')}</span>}
            </dd>
          </div>
        ))}
        {fundamentals.partnerships.length > 0 && (
          <div>
            <dt className="muted text-xs font-medium">{t('fundamentals.partnerships')}</dt>
            <dd className="mt-1">{fundamentals.partnerships.join(t('about.listSeparator'))}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
