import { useState } from 'react';
import type { ProposalDto } from '../../../../shared/api/weight-proposals.schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  useAdminHeatModels,
  useAdminModelEvaluation,
  useAdminProposals,
  useMakeCandidate,
} from '../methodology-api.ts';
import { CandidateModelCard } from './candidate-model-card.tsx';

/** A suggested candidate id for a proposal: lowercase letters, digits and dashes, as the server requires. */
const suggestId = (p: ProposalDto) => `proposal-${p.id.slice(0, 8)}`;

/** One public proposal: its title and date, the candidate made of it, or an id field and "Make candidate". */
function ProposalRow({ proposal }: { proposal: ProposalDto }) {
  const { t } = useTranslation('admin');
  const make = useMakeCandidate();
  const [modelId, setModelId] = useState(() => suggestId(proposal));
  const fieldId = `candidate-id-${proposal.id}`;
  return (
    <li className="card space-y-2 p-3 text-sm">
      <p>
        <span className="font-semibold">{proposal.title}</span>{' '}
        <span className="muted">· {t('methodology.by', { date: formatDate(proposal.createdAt) })}</span>
      </p>
      {proposal.candidateModel ? (
        <p className="muted">{t('methodology.candidateOf', { id: proposal.candidateModel })}</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            make.mutate({ proposalId: proposal.id, modelId: modelId.trim() });
          }}
        >
          <label htmlFor={fieldId} className="block">
            <span className="block text-xs font-medium">{t('methodology.candidateId')}</span>
            <input
              id={fieldId}
              className="mt-1 rounded-md border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-700"
              value={modelId}
              maxLength={64}
              onChange={(e) => setModelId(e.target.value)}
            />
          </label>
          <button type="submit" className="btn-secondary" disabled={make.isPending || modelId.trim().length < 2}>
            {t('methodology.makeCandidate')}
          </button>
        </form>
      )}
      {make.error && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {t('methodology.candidateFailed', { message: make.error.message })}
        </p>
      )}
    </li>
  );
}

/**
 * /admin?tab=methodology: the current heat model, each candidate with its weight differences and its stored evaluation
 * beside the current one's, Promote (confirmed), and public weight proposals to make candidates of.
 */
export function MethodologyTab() {
  const { t } = useTranslation('admin');
  const models = useAdminHeatModels();
  const evaluation = useAdminModelEvaluation();
  const proposals = useAdminProposals();
  if (models.isPending) return <div className="card h-40 animate-pulse" role="status" aria-busy="true" />;
  if (models.isError) return <p role="alert">{models.error.message}</p>;
  const current = models.data.items.find((m) => m.status === 'current');
  const candidates = models.data.items.filter((m) => m.status === 'candidate');
  const cells = evaluation.data?.cells ?? [];
  const publicProposals = (proposals.data?.items ?? []).filter((p) => p.visibility === 'public');
  return (
    <section className="space-y-4" aria-labelledby="admin-methodology-title" data-testid="admin-methodology">
      <div>
        <h3 id="admin-methodology-title" className="text-lg font-semibold">
          {t('methodology.title')}
        </h3>
        <p className="muted text-sm">{t('methodology.intro')}</p>
      </div>
      <p className="text-sm">
        {t('methodology.current')}: <strong data-testid="admin-current-model">{current?.id ?? '—'}</strong>
      </p>
      <h4 className="font-semibold">{t('methodology.candidates')}</h4>
      {candidates.length === 0 || !current ? (
        <p className="muted text-sm">{t('methodology.noCandidates')}</p>
      ) : (
        <ul className="space-y-3">
          {candidates.map((candidate) => (
            <CandidateModelCard key={candidate.id} candidate={candidate} current={current} cells={cells} />
          ))}
        </ul>
      )}
      <h4 className="font-semibold">{t('methodology.proposals')}</h4>
      {publicProposals.length === 0 ? (
        <p className="muted text-sm">{t('methodology.noProposals')}</p>
      ) : (
        <ul className="space-y-2">
          {publicProposals.map((p) => (
            <ProposalRow key={p.id} proposal={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
