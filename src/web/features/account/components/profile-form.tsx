import { type FormEvent, useState } from 'react';
import { AvatarUrlSchema, DisplayNameSchema } from '../../../../shared/api/account.schema.ts';
import { displayNameOf, toDisplayName } from '../../../../shared/api/account.values.ts';
import type { MeResponse } from '../../../../shared/api/auth.schema.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUpdateProfile } from '../api.ts';
import { toI18nKey, useAccountErrorText } from '../error-text.ts';
import { FormStatus, SettingsSection } from './form-status.tsx';

type Errors = { name?: string; avatarUrl?: string };

/** Display name and avatar URL, with a live preview; an empty field clears the value (null on the wire). */
export function ProfileForm({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['account', 'auth']);
  const errorText = useAccountErrorText();
  const update = useUpdateProfile();
  const [name, setName] = useState(me.profile.name ?? '');
  const [avatarUrl, setAvatarUrl] = useState(me.profile.avatarUrl ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const fallback = toDisplayName(me.user.email, t('auth:menu.defaultName'));
  const previewName = displayNameOf({ email: me.user.email, name }, t('auth:menu.defaultName'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = { name: name.trim() || null, avatarUrl: avatarUrl.trim() || null };
    const next: Errors = {};
    const nameCheck = body.name === null ? null : DisplayNameSchema.safeParse(body.name);
    const avatarCheck = body.avatarUrl === null ? null : AvatarUrlSchema.safeParse(body.avatarUrl);
    if (nameCheck && !nameCheck.success) next.name = t(toI18nKey(nameCheck.error.issues[0]?.message ?? '') as never);
    if (avatarCheck && !avatarCheck.success) {
      next.avatarUrl = t(toI18nKey(avatarCheck.error.issues[0]?.message ?? '') as never);
    }
    setErrors(next);
    if (next.name || next.avatarUrl) return;
    update.mutate(body, {
      onSuccess: ({ profile }) => {
        // Show what was stored (trimmed), so the form and the menu agree.
        setName(profile.name ?? '');
        setAvatarUrl(profile.avatarUrl ?? '');
        setSaved(true);
      },
    });
  };

  return (
    <SettingsSection id="settings-profile" title={t('account:settings.profile.title')}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-labelledby="settings-profile">
        <div className="flex items-center gap-3">
          <Avatar
            url={avatarUrl.trim() || null}
            name={previewName}
            size="lg"
            alt={t('account:settings.profile.preview')}
          />
          <div className="min-w-0">
            <p className="muted text-xs">{t('account:settings.profile.preview')}</p>
            <p className="truncate font-medium" data-testid="profile-preview-name">
              {previewName}
            </p>
          </div>
        </div>
        <FormField
          label={t('account:settings.profile.name')}
          name="name"
          type="text"
          autoComplete="nickname"
          value={name}
          error={errors.name}
          hint={t('account:settings.profile.nameHint', { fallback })}
          onChange={(value) => {
            setName(value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <FormField
          label={t('account:settings.profile.avatar')}
          name="avatarUrl"
          type="text"
          autoComplete="photo"
          value={avatarUrl}
          error={errors.avatarUrl}
          hint={t('account:settings.profile.avatarHint')}
          onChange={(value) => {
            setAvatarUrl(value);
            setErrors((current) => ({ ...current, avatarUrl: undefined }));
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {t('account:settings.profile.save')}
          </button>
          <FormStatus
            success={saved ? t('account:settings.profile.saved') : null}
            error={update.error ? errorText(update.error) : null}
          />
        </div>
      </form>
    </SettingsSection>
  );
}
