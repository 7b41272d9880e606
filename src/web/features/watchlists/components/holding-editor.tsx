import { type FormEvent, useState } from 'react';
import type { WatchlistItem } from '../../../../shared/api/watchlists.schema.ts';
import { HOLDING_MAX, WATCHLIST_NOTE_MAX } from '../../../../shared/api/watchlists.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUpdateItem } from '../api.ts';

/** "" → null (cleared); otherwise a finite number in [0, HOLDING_MAX], or undefined when invalid. */
function parseQuantity(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= HOLDING_MAX ? value : undefined;
}

/** Edits one holding's amount, cost basis and note in place (a row of the holdings table opens it). */
export function HoldingEditor({ listId, item, onDone }: { listId: string; item: WatchlistItem; onDone: () => void }) {
  const { t } = useTranslation('watchlists');
  const update = useUpdateItem();
  const [amount, setAmount] = useState(item.amount === null ? '' : String(item.amount));
  const [cost, setCost] = useState(item.costBasis === null ? '' : String(item.costBasis));
  const [note, setNote] = useState(item.note ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = parseQuantity(amount);
    const c = parseQuantity(cost);
    if (a === undefined || c === undefined) return setInvalid(true);
    setInvalid(false);
    update.mutate(
      { id: listId, projectId: item.projectId, values: { amount: a, costBasis: c, note: note.trim() || null } },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 p-3 sm:grid-cols-4"
      aria-label={t('holding.title', { name: item.name })}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('table.amount')}</span>
        <input className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <span className="muted text-xs">{t('holding.amountHint')}</span>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('table.costBasis')}</span>
        <input className="input" inputMode="decimal" value={cost} onChange={(e) => setCost(e.target.value)} />
        <span className="muted text-xs">{t('holding.costHint')}</span>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('table.note')}</span>
        <input
          className="input"
          maxLength={WATCHLIST_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {t('form.save')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('form.cancel')}
        </button>
      </div>
      {(invalid || update.error) && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4 dark:text-red-400">
          {invalid ? t('holding.invalid') : update.error?.message}
        </p>
      )}
    </form>
  );
}
