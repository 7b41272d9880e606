import { useSession } from '../../features/auth/api.ts';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor } from '../../features/membership/lock-reason.ts';
import { CurrentModel } from '../../features/methodology/components/current-model.tsx';
import { EvaluationSection } from '../../features/methodology/components/evaluation-section.tsx';
import { ModelChangelog } from '../../features/methodology/components/model-changelog.tsx';
import { ProposalList } from '../../features/methodology/components/proposal-list.tsx';
import { WeightLab } from '../../features/methodology/components/weight-lab.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const REPRODUCE = ['npm run recompute', 'npm run evaluate -- --horizon 7'];

/** /methodology: the heat model in words and weights (the version scoring the ranking now), its rules, and how to check it. */
export function MethodologyPage() {
  const { t } = useTranslation('methodology');
  useDocumentTitle(t('title'));
  return (
    <article className="prose-page mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-4 text-lg">{t('lead')}</p>
      <CurrentModel />
      <EvaluationSection />
      <ModelChangelog />
      <WeightLabSection />
      <section aria-labelledby="methodology-reproduce">
        <h2 id="methodology-reproduce">{t('reproduce.title')}</h2>
        <p className="mt-3">{t('reproduce.text')}</p>
        <pre className="card mt-3 overflow-x-auto p-3 text-sm">{REPRODUCE.join('\n')}</pre>
        <p className="muted mt-3 text-sm">{t('reproduce.note')}</p>
      </section>
    </article>
  );
}

/** Premium members try their own weights; everyone else sees what it is and what unlocks it, and the public list. */
function WeightLabSection() {
  const { t } = useTranslation('methodology');
  const session = useSession();
  const sectorLabel = useSectorLabel();
  const lock = session.isPending ? null : lockReasonFor('custom_weights', session.data?.membership.level ?? null);
  return (
    <section aria-labelledby="methodology-lab">
      <h2 id="methodology-lab">{t('lab.title')}</h2>
      <p className="mt-3">{t('lab.intro')}</p>
      {session.isPending ? null : lock ? (
        <div className="mt-4">
          <LockedFeature reason={lock} title={t('lab.locked')} />
        </div>
      ) : (
        <WeightLab sectorLabel={sectorLabel} />
      )}
      <ProposalList />
    </section>
  );
}
