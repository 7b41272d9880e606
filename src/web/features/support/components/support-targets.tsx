import { SUPPORT_RESPONSE_TARGETS } from '../../../../shared/membership/support.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "N business days" from the one constant (shared/membership/support.ts). */
export function useBusinessDays() {
  const { t } = useTranslation('support');
  return (count: number) => t('businessDays', { count });
}

/** /membership's statement of the response targets per priority (the same constant the server files requests by). */
export function SupportTargets() {
  const { t } = useTranslation('support');
  const days = useBusinessDays();
  return (
    <section aria-labelledby="support-targets" className="card p-5" data-slot="support-targets">
      <h2 id="support-targets" className="text-lg font-semibold">
        {t('target.membershipTitle')}
      </h2>
      <p className="muted mt-2 text-sm leading-6">
        {t('target.membership', {
          vipDays: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
          normalDays: days(SUPPORT_RESPONSE_TARGETS.normal.businessDays),
        })}
      </p>
    </section>
  );
}
