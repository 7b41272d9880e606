import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteProposal, useProposals } from '../api.ts';
import { correlationList } from './proposal-results.tsx';

/** Public proposals (and mine) with their evaluation against today's model; my own can be deleted. */
export function ProposalList() {
  const { t } = useTranslation('methodology');
  const proposals = useProposals();
  const remove = useDeleteProposal();
  if (proposals.isPending || proposals.isError) return null;
  return (
    <section aria-labelledby="methodology-proposals" className="mt-6" data-testid="proposal-list">
      <h3 id="methodology-proposals" className="text-lg font-semibold">
        {t('lab.listTitle')}
      </h3>
      {proposals.data.items.length === 0 ? (
        <p className="muted mt-2 text-sm">{t('lab.listEmpty')}</p>
      ) : (
        <ul className="mt-2 list-none space-y-2 pl-0">
          {proposals.data.items.map((p) => {
            const list = correlationList(p.evaluation.outcomes, (o) =>
              t(`evaluation.outcomes.${o}` as 'evaluation.outcomes.volume'),
            );
            return (
              <li key={p.id} className="card p-3 text-sm" data-proposal={p.id}>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{p.title}</span>
                  <span className="muted text-xs">
                    {formatDate(p.createdAt)} · {t(p.visibility === 'public' ? 'lab.listPublic' : 'lab.listPrivate')}
                    {p.mine && ` · ${t('lab.mine')}`}
                    {p.candidateModel && ` · ${t('lab.candidate', { id: p.candidateModel })}`}
                  </span>
                  {p.mine && (
                    <button
                      type="button"
                      className="link ml-auto text-xs underline"
                      onClick={() => remove.mutate(p.id)}
                      disabled={remove.isPending}
                    >
                      {t('lab.delete')}
                    </button>
                  )}
                </p>
                <p className="muted mt-1 text-xs">{list ? t('lab.listCorrelation', { list }) : t('lab.noHistory')}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
