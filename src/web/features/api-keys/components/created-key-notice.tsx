import { useId, useState } from 'react';
import type { CreatedApiKey } from '../../../../shared/api/api-keys.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The new key, shown once: a read-only field, a copy button and the warning that it will not be shown again. */
export function CreatedKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('api');
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // No clipboard permission: the key stays selectable in the field.
    }
  }
  return (
    <div
      data-slot="created-api-key"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <label htmlFor={id} className="font-semibold">
        {t('created.title', { name: created.name })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={created.key}
          className="input min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={handleCopy}>
          {copied ? t('created.copied') : t('created.copy')}
        </button>
      </div>
      <p role="alert" className="font-medium">
        {t('created.warning')}
      </p>
      <button type="button" className="btn-primary" onClick={onDone}>
        {t('created.done')}
      </button>
    </div>
  );
}
