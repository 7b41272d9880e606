import { type ChangeEvent, useId, useState } from 'react';
import type { ImportMode, ImportResult } from '../../../../shared/api/admin-data.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FULL_EXPORT_URL, usePreviewImport, useRunImport } from '../admin-data-api.ts';
import { describeImportPlan, type ImportFile, readImportFile } from '../import-file.ts';

const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The preview: counts and names of what would be added, changed and removed, per list. */
function ImportPlan({ result, names }: { result: ImportResult; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('admin');
  const groups = describeImportPlan(result, names);
  return (
    <section className="space-y-3" data-slot="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title" className="font-semibold">
        {t('import.previewTitle')}
      </h3>
      {groups.length === 0 && <p className="text-sm">{t('import.nothing')}</p>}
      {groups.map((group) => (
        <div key={`${group.list}-${group.kind}`} data-slot={`import-${group.list}-${group.kind}`} className="text-sm">
          <p className={`font-medium ${group.kind === 'removed' ? 'text-red-700 dark:text-red-400' : ''}`}>
            {t(`import.lists.${group.list}`)} · {t(`import.kinds.${group.kind}`, { count: group.count })}
          </p>
          <p className="muted break-words">
            {group.labels.join(', ')}
            {group.more > 0 && ` ${t('import.more', { count: group.more })}`}
          </p>
        </div>
      ))}
      <p className="muted text-xs">
        {t('import.unchanged', { projects: result.projects.unchanged, sectors: result.sectors.unchanged })}
      </p>
    </section>
  );
}

/**
 * /admin?tab=import (spec §5): choose a JSON file (read here: no `projects` list → 无效的数据格式 and nothing is sent),
 * pick merge (default) or replace, preview, then import; replace first asks the spec's question and stops if declined.
 * Plus the full export download.
 */
export function ImportPanel() {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const [file, setFile] = useState<(ImportFile & { fileName: string }) | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [mode, setMode] = useState<ImportMode>('merge');
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewImport();
  const run = useRunImport();

  const reset = () => {
    preview.reset();
    run.reset();
    setConfirming(false);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    reset();
    const chosen = event.target.files?.[0];
    if (!chosen) return setFile(null);
    const read = readImportFile(await chosen.text());
    setInvalid(read === null);
    setFile(read ? { ...read, fileName: chosen.name } : null);
  };
  const startImport = () => {
    if (!file) return;
    setConfirming(false);
    run.mutate({ body: file.body, mode }, { onSuccess: () => preview.reset() });
  };
  const previewed = preview.data?.mode === mode ? preview.data : undefined;

  return (
    <div className="space-y-6" data-slot="admin-import">
      <section className="card space-y-4 p-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="font-semibold">
          {t('import.title')}
        </h2>
        <p className="muted text-sm">{t('import.intro')}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {t('import.file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/json,.json"
            className="max-w-full text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-gray-700 dark:file:bg-gray-900 dark:file:text-gray-100"
            onChange={(event) => void onFile(event)}
          />
          {file && (
            <p className="muted text-xs break-all">
              {t('import.fileSummary', { count: file.projectCount, name: file.fileName })}
            </p>
          )}
          {invalid && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('errors:INVALID_DATA_FORMAT')}
            </p>
          )}
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('import.mode')}</legend>
          {(['merge', 'replace'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                className="mt-1"
                checked={mode === value}
                onChange={() => {
                  reset();
                  setMode(value);
                }}
              />
              <span>{t(`import.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={!file || preview.isPending || run.isPending}
            onClick={() => file && preview.mutate({ body: file.body, mode })}
          >
            {preview.isPending ? t('import.previewing') : t('import.preview')}
          </button>
          {file && previewed && (
            <button
              type="button"
              className={mode === 'replace' ? 'btn-primary bg-red-700 hover:bg-red-800' : 'btn-primary'}
              disabled={run.isPending}
              onClick={() => (mode === 'replace' ? setConfirming(true) : startImport())}
            >
              {run.isPending ? t('import.running') : t('import.run')}
            </button>
          )}
        </div>
        {(preview.isError || run.isError) && (
          <p role="alert" className="text-sm break-words text-red-700 dark:text-red-400">
            {errorMessage(preview.error ?? run.error)}
          </p>
        )}
        {file && previewed && <ImportPlan result={previewed} names={file.names} />}
        {run.data && (
          <div
            role="status"
            className="rounded-lg bg-green-50 p-3 text-sm dark:bg-green-950/40"
            data-slot="import-done"
          >
            <p className="font-semibold">{t('import.doneTitle')}</p>
            <p>
              {t('import.done', {
                added: run.data.projects.added.count,
                changed: run.data.projects.changed.count,
                removed: run.data.projects.removed.count,
                sAdded: run.data.sectors.added.count,
                sChanged: run.data.sectors.changed.count,
                sRemoved: run.data.sectors.removed.count,
              })}
            </p>
          </div>
        )}
      </section>
      <section className="card space-y-2 p-4" aria-labelledby={`${id}-export`}>
        <h2 id={`${id}-export`} className="font-semibold">
          {t('import.exportTitle')}
        </h2>
        <p className="muted text-sm">{t('import.exportText')}</p>
        <a className="btn-secondary inline-flex" href={FULL_EXPORT_URL} download>
          {t('import.download')}
        </a>
      </section>
      {confirming && (
        <ConfirmDialog
          title={t('import.confirmTitle')}
          text={t('import.confirm')}
          confirmLabel={t('import.confirmYes')}
          cancelLabel={t('import.confirmNo')}
          danger
          onConfirm={startImport}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
