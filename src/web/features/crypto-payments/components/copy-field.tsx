import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';

/** A read-only value (an address, an amount) with a copy button; `testId` marks it for tests. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('payments');
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: the value stays selectable.
    }
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          className="input min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={handleCopy}>
          {copied ? t('crypto.copied') : t('crypto.copy')}
        </button>
      </div>
    </div>
  );
}
