import { useId, useState } from 'react';
import type { TasksResponse } from '../../../../shared/api/tasks.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The invite link (this site's origin + the server's path) with a copy button, and how many friends came. */
export function ReferralCard({ referral }: { referral: TasksResponse['referral'] }) {
  const { t } = useTranslation('tasks');
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${referral.path}`;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selectable in the field.
    }
  }

  return (
    <section id="referral" aria-labelledby="referral-title" className="card min-w-0 space-y-3 p-5">
      <div>
        <h2 id="referral-title" className="text-lg font-semibold">
          {t('referral.title')}
        </h2>
        <p className="muted text-sm">{t('referral.description')}</p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('referral.link')}
        </label>
        <div className="flex min-w-0 gap-2">
          <input
            id={inputId}
            readOnly
            value={link}
            className="input min-w-0 flex-1"
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn-secondary shrink-0" onClick={handleCopy}>
            {copied ? t('referral.copied') : t('referral.copy')}
          </button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="muted text-sm">{t('referral.signedUp')}</dt>
          <dd className="text-xl font-bold tabular-nums">{formatInteger(referral.signedUp)}</dd>
        </div>
        <div>
          <dt className="muted text-sm">{t('referral.verified')}</dt>
          <dd className="text-xl font-bold tabular-nums">{formatInteger(referral.verified)}</dd>
        </div>
      </dl>
    </section>
  );
}
