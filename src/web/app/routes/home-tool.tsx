import { HeatScore } from '../../components/ui/heat-score.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useProjects } from '../../features/projects/api.ts';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { ProjectMiniList } from '../../features/projects/components/project-mini-list.tsx';
import { useSectors } from '../../features/sectors/api.ts';
import { SectorLeaders } from '../../features/sectors/components/sector-leaders.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { HomeVariantNav } from '../home/home-variant-nav.tsx';
import { QueryError } from '../query-error.tsx';

/** /tool: the analyst layout: top 20 by heat beside the social-score leaders and the hottest sectors. */
const SOCIAL_LEADERS = 8;

export function ToolHomePage() {
  const { t } = useTranslation(['home', 'app', 'sectors']);
  // "Top" widgets rank only scored projects (enough evidence); an unscored one sits at the social base of 50.
  const top = useProjects({ sort: 'heat', limit: 20, offset: 0, scored: true });
  const social = useProjects({ sort: 'social', limit: 50, offset: 0, scored: true });
  // The social score starts at the spec's base of 50, so a project with no X data at all would still "lead" at 50:
  // only projects with a known follower count compete here.
  const socialLeaders = (social.data?.items ?? []).filter((p) => p.followersTwitter !== null).slice(0, SOCIAL_LEADERS);
  const sectors = useSectors();
  const sectorLabel = useSectorLabel();

  return (
    <div className="space-y-6">
      <HomeVariantNav />
      <PageHeader title={t('home:variants.tool.title')} subtitle={t('home:variants.tool.subtitle')} />
      <section aria-labelledby="tool-top" className="space-y-3">
        <h2 id="tool-top" className="text-lg font-semibold">
          {t('home:variants.tool.topTable')}
        </h2>
        {top.isPending ? (
          <ProjectListSkeleton label={t('app:loading.title')} />
        ) : top.isError ? (
          <QueryError query={top} />
        ) : (
          <ProjectList data={top.data} caption={t('home:variants.tool.topTable')} sectorLabel={sectorLabel} momentum />
        )}
      </section>
      {/* The top-20 table takes the full width (every column fits at 1440 px); the side lists sit under it. */}
      <div className="grid gap-6 md:grid-cols-2">
        <ProjectMiniList
          headingId="tool-social"
          title={t('home:variants.tool.socialLeaders')}
          items={socialLeaders}
          empty={social.isPending ? t('app:loading.title') : t('app:data.noData')}
          renderValue={(p) => (
            <HeatScore
              value={p.socialScore}
              label={t('app:score.social')}
              missing="noData"
              missingTitle={t('app:score.socialNoDataTitle')}
            />
          )}
        />
        <section aria-labelledby="tool-sectors" className="card p-4">
          <h2 id="tool-sectors" className="mb-3 font-semibold">
            {t('sectors:ranking.title')}
          </h2>
          {sectors.data ? (
            <SectorLeaders sectors={sectors.data.items} limit={8} />
          ) : (
            <p className="muted text-sm">{t('app:loading.title')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
