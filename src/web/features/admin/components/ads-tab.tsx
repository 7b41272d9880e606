import { useState } from 'react';
import type { AdminAd } from '../../../../shared/api/ads.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminAds, useCreateAd, useDeleteAd, useUpdateAd } from '../ads-api.ts';
import { AdForm } from './ad-form.tsx';
import { AdminItemList } from './admin-item-list.tsx';

function AdRow({ ad }: { ad: AdminAd }) {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText();
  const update = useUpdateAd();
  const remove = useDeleteAd();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const zh = i18n.language.startsWith('zh');
  if (editing)
    return (
      <li className="space-y-2 py-3">
        <AdForm
          initial={ad}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(patch) => update.mutate({ id: ad.id, patch }, { onSuccess: () => setEditing(false) })}
        />
        {update.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorText(update.error)}
          </p>
        )}
      </li>
    );
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-slot="ad-row">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">
          {zh ? ad.titleZh : ad.titleEn}{' '}
          <span className="muted text-xs">{ad.active ? t('ads.active') : t('ads.inactive')}</span>
        </p>
        <p className="muted break-words text-sm">{zh ? ad.bodyZh : ad.bodyEn}</p>
        <p className="muted break-all text-xs">
          {ad.linkUrl} · {t('ads.updated', { time: formatDateTime(ad.updatedAt) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: ad.id, patch: { active: !ad.active } })}
        >
          {ad.active ? t('ads.deactivate') : t('ads.activate')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          {t('ads.edit')}
        </button>
        <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          {t('ads.delete')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('ads.confirmDelete', { title: zh ? ad.titleZh : ad.titleEn })}
          confirmLabel={t('ads.delete')}
          cancelLabel={t('ads.cancel')}
          danger
          onConfirm={() => {
            setConfirming(false);
            remove.mutate(ad.id);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {(remove.isError || update.isError) && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorText(remove.error ?? update.error)}
        </p>
      )}
    </li>
  );
}

/** The "ads" tab: the house ads free users watch for points (task centre): list, create, edit, (de)activate, delete. */
export function AdsTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const ads = useAdminAds();
  const create = useCreateAd();
  const [formKey, setFormKey] = useState(0); // a new key empties the form after a create
  return (
    <div className="space-y-4">
      <section className="card space-y-3 p-4" aria-labelledby="ads-new">
        <h3 id="ads-new" className="font-semibold">
          {t('ads.new')}
        </h3>
        <AdForm
          key={formKey}
          pending={create.isPending}
          onSubmit={(body) => create.mutate(body, { onSuccess: () => setFormKey((k) => k + 1) })}
        />
        {create.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorText(create.error)}
          </p>
        )}
      </section>
      <section className="card p-4" aria-labelledby="ads-list">
        <h3 id="ads-list" className="font-semibold">
          {t('ads.list')}
        </h3>
        <AdminItemList
          query={ads}
          title={t('ads.list')}
          emptyText={t('ads.empty')}
          renderItem={(ad) => <AdRow key={ad.id} ad={ad} />}
        />
      </section>
    </div>
  );
}
