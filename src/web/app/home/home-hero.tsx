import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ProjectSearchBox } from '../project-search-box.tsx';

/** Headline, one-line promise, the two main ways in, and a search box with suggestions that opens /search. */
export function HomeHero() {
  const { t } = useTranslation('home');
  useDocumentTitle(undefined);

  return (
    <section className="relative rounded-2xl border border-orange-100 bg-gradient-to-br from-orange-50 via-white to-amber-50 px-6 py-12 sm:px-12 sm:py-16 dark:border-gray-800 dark:from-gray-900 dark:via-gray-950 dark:to-gray-900">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-400">{t('hero.eyebrow')}</p>
      <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
      <p className="muted mt-4 max-w-2xl text-base sm:text-lg">{t('hero.subtitle')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/directory" className="btn-primary px-5 py-2.5">
          {t('hero.explore')}
        </Link>
        <Link to="/sectors" className="btn-secondary px-5 py-2.5">
          {t('hero.sectors')}
        </Link>
      </div>
      <div className="mt-8 max-w-xl" data-slot="home-search">
        {/* Suggestions as you type (by name, symbol or alias: 以太 → 以太坊), Enter runs the search on /search. */}
        <ProjectSearchBox
          texts={{
            label: t('hero.searchLabel'),
            placeholder: t('app:projectSearch.placeholderLong'),
            submit: t('hero.searchButton'),
          }}
          className="w-full"
        />
      </div>
    </section>
  );
}
