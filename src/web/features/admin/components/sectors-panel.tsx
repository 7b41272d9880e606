import { type FormEvent, useId, useState } from 'react';
import type { ExportSector } from '../../../../shared/api/catalogue.schema.ts';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminSectors, useCreateSector, useSaveSector } from '../admin-data-api.ts';
import { fieldErrorsOf } from '../project-form.ts';

const SECTOR_FIELDS = ['id', 'name', 'nameZh', 'descriptionEn', 'descriptionZh', 'color', 'icon'] as const;
type SectorField = (typeof SECTOR_FIELDS)[number];
type SectorValues = Record<SectorField, string>;

const toValues = (sector: Sector | null): SectorValues => ({
  id: sector?.id ?? '',
  name: sector?.name ?? '',
  nameZh: sector?.nameZh ?? '',
  descriptionEn: sector?.description.en ?? '',
  descriptionZh: sector?.description.zh ?? '',
  color: sector?.color ?? '#3b82f6',
  icon: sector?.icon ?? '',
});
const orNull = (value: string) => value.trim() || null;
const toBody = (id: string, v: SectorValues): ExportSector => ({
  id,
  name: v.name.trim(),
  nameZh: orNull(v.nameZh),
  descriptionEn: orNull(v.descriptionEn),
  descriptionZh: orNull(v.descriptionZh),
  color: v.color.trim(),
  icon: orNull(v.icon),
});

/**
 * One sector's form: names, descriptions, colour (picker + hex), icon; with an id field for a new sector (creating
 * a sector is its own action: a project's category never makes one).
 */
function SectorForm({ sector, onDone }: { sector: Sector | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [values, setValues] = useState(() => toValues(sector));
  const update = useSaveSector();
  const create = useCreateSector();
  const save = sector ? update : create;
  const { fields: errors } = fieldErrorsOf(save.error, SECTOR_FIELDS);
  const set = (key: SectorField) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = (saved: ExportSector) => {
      showToast({ title: t(sector ? 'sectors.saved' : 'sectors.created', { name: saved.name }), variant: 'success' });
      onDone();
    };
    if (sector) update.mutate(toBody(sector.id, values), { onSuccess });
    else create.mutate(toBody(values.id.trim(), values), { onSuccess });
  };
  return (
    <form
      className="space-y-3 border-t border-gray-200 pt-3 dark:border-gray-800"
      aria-label={sector ? t('sectors.editTitle', { name: sector.name }) : t('sectors.newTitle')}
      onSubmit={onSubmit}
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {SECTOR_FIELDS.filter((key) => key !== 'id' || !sector).map((key) => (
          <div
            key={key}
            className={`flex min-w-0 flex-col gap-1 ${key.startsWith('description') ? 'sm:col-span-2' : ''}`}
          >
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
              {t(`sectors.fields.${key}`)}
            </label>
            <div className="flex gap-2">
              {key === 'color' && (
                <input
                  type="color"
                  aria-hidden="true"
                  tabIndex={-1}
                  className="h-10 w-12 shrink-0 rounded border border-gray-300 dark:border-gray-700"
                  value={/^#[0-9a-fA-F]{6}$/.test(values.color) ? values.color : '#000000'}
                  onChange={(e) => set('color')(e.target.value)}
                />
              )}
              {key.startsWith('description') ? (
                <textarea
                  id={`${id}-${key}`}
                  rows={3}
                  className="input w-full"
                  value={values[key]}
                  aria-invalid={errors[key] ? true : undefined}
                  onChange={(e) => set(key)(e.target.value)}
                />
              ) : (
                <input
                  id={`${id}-${key}`}
                  className="input w-full min-w-0"
                  value={values[key]}
                  placeholder={key === 'color' ? t('sectors.colorHint') : undefined}
                  aria-invalid={errors[key] ? true : undefined}
                  onChange={(e) => set(key)(e.target.value)}
                />
              )}
            </div>
            {key === 'icon' && !errors[key] && <p className="muted text-xs">{t('sectors.iconHint')}</p>}
            {key === 'id' && !errors[key] && <p className="muted text-xs">{t('sectors.idHint')}</p>}
            {errors[key] && <p className="text-xs text-red-700 dark:text-red-400">{errors[key]}</p>}
          </div>
        ))}
      </div>
      {save.isError && (
        <p role="alert" className="text-sm break-words text-red-700 dark:text-red-400">
          {save.error instanceof ApiError ? save.error.message : String(save.error)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('sectors.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? t('sectors.saving') : t('sectors.save')}
        </button>
      </div>
    </form>
  );
}

/** /admin?tab=sectors: every sector with its colour and icon; Edit opens its form in place. */
export function SectorsPanel() {
  const { t, i18n } = useTranslation('admin');
  const sectors = useAdminSectors();
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (sectors.isPending) return <Skeleton className="h-64 w-full" />;
  if (sectors.isError) {
    const message = sectors.error instanceof ApiError ? sectors.error.message : String(sectors.error);
    return <ErrorPanel title={t('tabs.sectors')} message={message} />;
  }
  const zh = i18n.language.startsWith('zh');
  return (
    <div className="space-y-3" data-slot="admin-sectors">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="muted min-w-0 flex-1 text-sm">{t('sectors.intro')}</p>
        {!creating && (
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            {t('sectors.new')}
          </button>
        )}
      </div>
      {creating && (
        <div className="card p-3">
          <h3 className="font-semibold">{t('sectors.newTitle')}</h3>
          <SectorForm sector={null} onDone={() => setCreating(false)} />
        </div>
      )}
      {sectors.data.length === 0 && <p className="muted text-sm">{t('sectors.empty')}</p>}
      <ul className="space-y-2">
        {sectors.data.map((sector) => (
          <li key={sector.id} className="card space-y-2 p-3" data-slot="admin-sector" data-id={sector.id}>
            <div className="flex flex-wrap items-center gap-3">
              <span
                aria-hidden="true"
                className="size-6 shrink-0 rounded-full border border-black/10"
                style={{ backgroundColor: sector.color }}
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{zh ? (sector.nameZh ?? sector.name) : sector.name}</p>
                <p className="muted text-xs">
                  <span className="font-mono">{sector.id}</span> · {sector.color}
                  {sector.icon ? ` · ${sector.icon}` : ''} · {t('sectors.projectCount', { count: sector.projectCount })}
                </p>
              </div>
              {editing !== sector.id && (
                <button
                  type="button"
                  className="btn-secondary"
                  aria-label={`${t('sectors.edit')} ${sector.name}`}
                  onClick={() => setEditing(sector.id)}
                >
                  {t('sectors.edit')}
                </button>
              )}
            </div>
            {editing === sector.id && <SectorForm sector={sector} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
