import { useSite } from '../../features/site/api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Spec §8 "Contact support": the operator's address (CONTACT_EMAIL) as a mailto link; nothing when none is configured. */
export function SupportContact() {
  const { t } = useTranslation('app');
  const email = useSite().data?.contactEmail;
  if (!email) return null;
  return (
    <p className="text-sm" data-testid="support-contact">
      <a className="link" href={`mailto:${email}`}>
        {t('errorHelp.contactSupport')}: {email}
      </a>
    </p>
  );
}
