import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_CONFIRMATION_WORD } from '../../../../shared/api/account.schema.ts';
import type { MeResponse } from '../../../../shared/api/auth.schema.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteAccount, useSignOutEverywhere } from '../api.ts';
import { useAccountErrorText } from '../error-text.ts';
import { FormStatus, SettingsSection } from './form-status.tsx';

/** Sign out on every device: this browser too, so the page then shows the sign-in prompt. */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const errorText = useAccountErrorText();
  const signOut = useSignOutEverywhere();
  return (
    <SettingsSection id="settings-sessions" title={t('settings.sessions.title')}>
      <p className="muted text-sm">{t('settings.sessions.text')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => showToast({ title: t('settings.sessions.done'), variant: 'success' }),
            })
          }
        >
          {t('settings.sessions.action')}
        </button>
        <FormStatus error={signOut.error ? errorText(signOut.error) : null} />
      </div>
    </SettingsSection>
  );
}

/**
 * Delete the account: a modal dialog asks to type the e-mail (or DELETE for an account without one) and the password
 * when there is one; the button stays off until the confirmation matches. The server checks both again.
 */
export function DeleteAccountSection({ me }: { me: MeResponse }) {
  const { t } = useTranslation('account');
  const errorText = useAccountErrorText();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const expected = me.user.email ?? DELETE_CONFIRMATION_WORD;
  const matches = me.user.email
    ? confirm.trim().toLowerCase() === me.user.email.toLowerCase()
    : confirm.trim() === DELETE_CONFIRMATION_WORD;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(
      { confirm, ...(me.user.hasPassword ? { password } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({ title: t('settings.delete.done'), variant: 'success' });
          void navigate('/');
        },
      },
    );
  };

  return (
    <SettingsSection id="settings-delete" title={t('settings.delete.title')} tone="danger">
      <p className="muted text-sm">{t('settings.delete.text')}</p>
      <div>
        <button
          type="button"
          className="btn-secondary border-red-300 text-red-700 dark:border-red-900 dark:text-red-400"
          onClick={() => {
            remove.reset();
            setConfirm('');
            setPassword('');
            setOpen(true);
          }}
        >
          {t('settings.delete.action')}
        </button>
      </div>
      {open && (
        <Modal
          title={t('settings.delete.dialogTitle')}
          description={t('settings.delete.text')}
          onClose={() => setOpen(false)}
          slot="delete-account"
        >
          {(close) => (
            <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
              <FormField
                label={t('settings.delete.confirmLabel', { value: expected })}
                name="confirm"
                type="text"
                autoComplete="off"
                value={confirm}
                onChange={setConfirm}
              />
              {me.user.hasPassword && (
                <FormField
                  label={t('settings.delete.passwordLabel')}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={setPassword}
                />
              )}
              <FormStatus error={remove.error ? errorText(remove.error) : null} />
              <div className="flex flex-wrap justify-end gap-3">
                <button type="button" className="btn-secondary" onClick={close}>
                  {t('settings.delete.cancel')}
                </button>
                <button
                  type="submit"
                  className="btn-primary bg-red-700 hover:bg-red-800 disabled:opacity-50"
                  disabled={!matches || remove.isPending}
                >
                  {t('settings.delete.confirm')}
                </button>
              </div>
            </form>
          )}
        </Modal>
      )}
    </SettingsSection>
  );
}
