import { useId, useState } from 'react';
import type { AdminAd, AdminAdBody } from '../../../../shared/api/ads.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const TEXT_FIELDS = [
  ['titleZh', 120],
  ['titleEn', 120],
  ['bodyZh', 500],
  ['bodyEn', 500],
] as const;

/** Create or edit a house ad: titles and bodies in zh and en, link (a site path or https), image, active. */
export function AdForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: AdminAd;
  pending: boolean;
  onSubmit: (body: AdminAdBody) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [values, setValues] = useState({
    titleZh: initial?.titleZh ?? '',
    titleEn: initial?.titleEn ?? '',
    bodyZh: initial?.bodyZh ?? '',
    bodyEn: initial?.bodyEn ?? '',
    linkUrl: initial?.linkUrl ?? '',
    imageUrl: initial?.imageUrl ?? '',
    active: initial?.active ?? true,
  });
  const set = (key: keyof typeof values, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      data-slot="ad-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ ...values, imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim() });
      }}
    >
      {TEXT_FIELDS.map(([key, max]) => (
        <label key={key} htmlFor={`${id}-${key}`} className="flex min-w-0 flex-col gap-1 text-sm">
          {t(`ads.fields.${key}`)}
          {key.startsWith('body') ? (
            <textarea
              id={`${id}-${key}`}
              className="input min-h-20"
              required
              maxLength={max}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          ) : (
            <input
              id={`${id}-${key}`}
              className="input"
              required
              maxLength={max}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          )}
        </label>
      ))}
      <label htmlFor={`${id}-link`} className="flex min-w-0 flex-col gap-1 text-sm">
        {t('ads.fields.linkUrl')}
        <input
          id={`${id}-link`}
          className="input"
          required
          maxLength={500}
          placeholder="/membership"
          value={values.linkUrl}
          onChange={(e) => set('linkUrl', e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-image`} className="flex min-w-0 flex-col gap-1 text-sm">
        {t('ads.fields.imageUrl')}
        <input
          id={`${id}-image`}
          className="input"
          maxLength={500}
          placeholder="https://…"
          value={values.imageUrl}
          onChange={(e) => set('imageUrl', e.target.value)}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        {t('ads.fields.active')}
      </label>
      <p className="muted text-xs sm:col-span-2">{t('ads.linkHint')}</p>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {initial ? t('ads.save') : t('ads.create')}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t('ads.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
