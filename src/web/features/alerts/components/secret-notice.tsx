import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The webhook signing secret, shown once (create, or a webhook added later) with a copy button and the warning. */
export function SecretNotice({ secret }: { secret: string }) {
  const { t } = useTranslation('alerts');
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard permission: the secret stays selectable in the field.
    }
  }
  return (
    <div
      data-slot="webhook-secret"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <label htmlFor={id} className="font-semibold">
        {t('secret.title')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={secret}
          className="input min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={handleCopy}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
      </div>
      <p role="alert">{t('secret.warning')}</p>
    </div>
  );
}
