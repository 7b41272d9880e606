import type { CreditResponse } from '../../../../shared/api/tasks.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** What a credit earned and the balance after it, announced politely to screen readers. */
export function CreditNotice({ credit }: { credit: CreditResponse }) {
  const { t } = useTranslation('tasks');
  return (
    <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
      {t('credit.success', { points: credit.points, balance: formatInteger(credit.balance) })}
      {credit.bonus > 0 && ` ${t('credit.bonus', { bonus: credit.bonus })}`}
    </p>
  );
}

/** The server's refusal in the page's language (cap reached, too early, already used), or a generic sentence. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  let text: string = t('INTERNAL');
  if (error instanceof ApiError) text = error.status >= 400 && error.status < 500 ? error.message : t(error.code);
  return (
    <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
      {text}
    </p>
  );
}
