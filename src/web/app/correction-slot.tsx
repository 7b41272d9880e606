import type { CorrectionValues } from '../../shared/api/corrections.schema.ts';
import type { Project } from '../../shared/api/projects.schema.ts';
import { POINTS_PER_ACCEPTED_CORRECTION } from '../../shared/membership/tasks.ts';
import { useSession } from '../features/auth/api.ts';
import { SignInPrompt } from '../features/auth/components/require-sign-in.tsx';
import { SuggestCorrection } from '../features/corrections/components/suggest-correction.tsx';
import { useSectors } from '../features/sectors/api.ts';
import { sectorDisplayName } from '../features/sectors/hooks/use-sector-names.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The project's current values of the correctable fields, as the public project answer holds them. */
function currentValuesOf(project: Project): Required<CorrectionValues> {
  return {
    website: project.links.website,
    twitter: project.twitterHandle,
    telegram: project.links.telegram,
    discord: project.links.discord,
    github: project.githubOrgs,
    whitepaper: project.links.whitepaper,
    chains: project.chains,
    sector: project.category,
    descriptionEn: project.description.en,
    descriptionZh: project.description.zh,
  };
}

/**
 * The project page's "Suggest a correction": the form for a signed-in user (prefilled, sectors to choose from), the
 * sign-in prompt for a visitor. The server decides everything again.
 */
export function CorrectionSlot({ project }: { project: Project }) {
  const { i18n } = useTranslation();
  const session = useSession();
  const sectors = useSectors();
  if (session.isPending) return null;
  const options = (sectors.data?.items ?? []).map((s) => ({
    name: s.name,
    label: sectorDisplayName(s, i18n.language),
  }));
  return (
    <SuggestCorrection
      projectId={project.id}
      projectName={project.name}
      current={currentValuesOf(project)}
      sectors={options}
      points={POINTS_PER_ACCEPTED_CORRECTION}
      signInPrompt={session.data ? null : <SignInPrompt />}
    />
  );
}
