import { useState } from 'react';
import type { ProposalWeights } from '../../../../shared/methodology/proposal.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveProposal } from '../api.ts';

/** Saves the current weights under a name, private or public (public ones are listed with their evaluation). */
export function SaveProposalForm({ weights }: { weights: ProposalWeights }) {
  const { t } = useTranslation('methodology');
  const save = useSaveProposal();
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');
  return (
    <form
      className="card mt-4 grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ title, weights, visibility }, { onSuccess: () => setTitle('') });
      }}
      data-testid="save-proposal"
    >
      <label className="text-sm">
        <span className="font-semibold">{t('lab.saveTitle')}</span>
        <span className="muted mt-2 block text-xs">{t('lab.name')}</span>
        <input
          className="input mt-1 w-full"
          value={title}
          maxLength={80}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="text-sm">
        <span className="muted block text-xs">{t('lab.visibility')}</span>
        <select
          className="input mt-1"
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as 'private' | 'public')}
        >
          <option value="private">{t('lab.private')}</option>
          <option value="public">{t('lab.public')}</option>
        </select>
      </label>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t('lab.save')}
      </button>
      {save.isSuccess && (
        <p className="text-sm text-green-700 dark:text-green-400" role="status">
          {t('lab.saved')}
        </p>
      )}
      {save.isError && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {save.error.message}
        </p>
      )}
    </form>
  );
}
