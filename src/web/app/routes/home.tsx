import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { SampleNote } from '../../components/metric-source.tsx';
import { BoltIcon, ChartIcon, FlameIcon, GlobeIcon, LayersIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { useProjects } from '../../features/projects/api.ts';
import { ProjectCards } from '../../features/projects/components/project-cards.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSectors } from '../../features/sectors/api.ts';
import { SectorLeaders } from '../../features/sectors/components/sector-leaders.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { useStats } from '../../features/system/api.ts';
import { DataStateNotice, useFiguresLive } from '../../features/system/components/data-state-notice.tsx';
import { StatsGrid } from '../../features/system/components/stats-grid.tsx';
import { useAfterFirstPage } from '../../lib/after-first-page.ts';
import { useErrorText } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { DashboardHomeRedirect } from '../dashboard-home.tsx';
import { HomeHero } from '../home/home-hero.tsx';
import { HOME_HOT_PROJECTS } from '../home/home-queries.ts';
import { HomeVariantNav } from '../home/home-variant-nav.tsx';
import { MarketHighlightsSlot } from '../market-highlights-slot.tsx';
import { BuiltInSample, isUnreachable } from '../offline-data.tsx';
import { QueryError } from '../query-error.tsx';

const FEATURES: {
  key: 'heat' | 'sectors' | 'ecosystem' | 'realtime' | 'bilingual' | 'selfHosted';
  Icon: ComponentType<{ size?: number }>;
}[] = [
  { key: 'heat', Icon: FlameIcon },
  { key: 'sectors', Icon: ChartIcon },
  { key: 'ecosystem', Icon: LayersIcon },
  { key: 'realtime', Icon: BoltIcon },
  { key: 'bilingual', Icon: GlobeIcon },
  { key: 'selfHosted', Icon: ShieldIcon },
];

export function HomePage() {
  const { t } = useTranslation(['home', 'app']);
  const errorText = useErrorText();
  const stats = useStats();
  const hot = useProjects(HOME_HOT_PROJECTS);
  const sectors = useSectors();
  const sectorLabel = useSectorLabel();
  // "Live" wording (the stats title, the freshness tile) only when the server reports the figures live.
  const live = useFiguresLive();
  // The features and the call to action sit far below the first screen on any display: kept out of the first render,
  // they are not part of a phone's first layout (lib/after-first-page.ts).
  const belowTheFold = useAfterFirstPage();

  return (
    <div className="space-y-12">
      <DashboardHomeRedirect />
      <HomeVariantNav />
      <HomeHero />

      <DataStateNotice />

      {stats.isError ? <QueryError query={stats} /> : <StatsGrid stats={stats.data} live={live} />}

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="home-hot" className="lg:col-span-2">
          <div className="mb-3 flex items-baseline justify-between gap-4">
            <div>
              <h2 id="home-hot" className="text-lg font-semibold">
                {t('home:hot.title')}
              </h2>
              <p className="muted text-sm">{t('home:hot.subtitle')}</p>
            </div>
            <Link to="/directory" className="link text-sm whitespace-nowrap">
              {t('home:hot.viewAll')}
            </Link>
          </div>
          {isUnreachable(hot) ? (
            <div className="space-y-3">
              {hot.isError && <QueryError query={hot} />}
              <BuiltInSample kind="projects" />
            </div>
          ) : hot.isPending ? (
            <ProjectListSkeleton rows={HOME_HOT_PROJECTS.limit} label={t('app:loading.title')} />
          ) : hot.isError ? (
            <QueryError query={hot} />
          ) : (
            <>
              <SampleNote sources={hot.data.items.map((p) => p.marketSource)} className="mb-2" />
              <ProjectCards items={hot.data.items} sectorLabel={sectorLabel} always />
            </>
          )}
        </section>
        <section aria-labelledby="home-sectors" className="card h-fit p-5">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="home-sectors" className="text-lg font-semibold">
              {t('home:sectors.title')}
            </h2>
            <Link to="/sectors" className="link text-sm">
              {t('home:sectors.viewAll')}
            </Link>
          </div>
          {isUnreachable(sectors) ? (
            <BuiltInSample kind="sectors" />
          ) : sectors.data ? (
            <SectorLeaders sectors={sectors.data.items} />
          ) : sectors.isError ? (
            <p className="muted text-sm">{errorText(sectors.error)}</p>
          ) : (
            <ProjectListSkeleton rows={4} label={t('app:loading.title')} />
          )}
        </section>
      </div>

      <MarketHighlightsSlot />

      {belowTheFold && <HomeClosing live={live} />}
    </div>
  );
}

/** The features and the call to action: far below the first screen, rendered after the first page (see HomePage). */
function HomeClosing({ live }: { live: boolean }) {
  const { t } = useTranslation('home');
  return (
    <>
      <section aria-labelledby="home-features">
        <h2 id="home-features" className="text-lg font-semibold">
          {t('home:features.title')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key: feature, Icon }) => {
            const key = feature === 'realtime' && !live ? 'refresh' : feature;
            return (
              <li key={feature} className="card p-5" data-feature={key}>
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-400">
                  <Icon size={20} />
                </span>
                <h3 className="mt-3 font-semibold">{t(`home:features.${key}.title`)}</h3>
                <p className="muted mt-1 text-sm leading-6">{t(`home:features.${key}.text`)}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="home-cta"
        className="rounded-2xl bg-gradient-to-br from-gray-900 to-gray-800 px-6 py-10 text-center text-white sm:px-12 dark:from-gray-900 dark:to-black"
      >
        <h2 id="home-cta" className="text-2xl font-bold">
          {t('home:cta.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-gray-300">{t('home:cta.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/directory" className="btn-primary">
            {t('home:cta.primary')}
          </Link>
          <Link to="/membership" className="btn border border-white/40 text-white hover:bg-white/10">
            {t('home:cta.secondary')}
          </Link>
        </div>
      </section>
    </>
  );
}
