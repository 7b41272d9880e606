import type { DbSetupResponse } from '../../../../shared/api/admin-ops.schema.ts';
import { formatDecimal, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Props = { data: DbSetupResponse };

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="muted text-xs">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}

/** The database's facts, its tables' row counts and the steps of the move to PostgreSQL. */
export function DbSetupPanel({ data }: Props) {
  const { t } = useTranslation('database');
  const { connection, migrations } = data;
  const latest = migrations.applied.at(-1);
  return (
    <div className="space-y-6">
      <section className="card p-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label={t('labels.kind')} value={t(`kind.${data.kind}`)} />
          {data.kind === 'postgres' ? (
            <>
              <Fact label={t('labels.host')} value={connection.host ?? '—'} />
              <Fact label={t('labels.port')} value={connection.port === null ? '—' : String(connection.port)} />
              <Fact label={t('labels.name')} value={connection.database ?? '—'} />
            </>
          ) : (
            <Fact label={t('labels.dataDir')} value={connection.dataDir ?? t('labels.inMemory')} />
          )}
          <Fact
            label={t('labels.size')}
            value={t('labels.sizeValue', { value: formatDecimal(data.size.bytes / 1_048_576, 1) })}
          />
          <Fact
            label={t('labels.migrations')}
            value={t('labels.migrationsState', {
              applied: migrations.applied.length,
              available: migrations.available.length,
            })}
          />
          <Fact
            label={
              migrations.pending.length > 0
                ? t('labels.pending', { names: migrations.pending.join(', ') })
                : t('labels.upToDate')
            }
            value={latest ? t('labels.latest', { name: latest }) : '—'}
          />
        </dl>
      </section>
      <section className="card p-4">
        <h2 className="mb-3 text-lg font-semibold">{t('move.title')}</h2>
        {data.kind === 'postgres' && <p className="muted mb-3 text-sm">{t('move.onPostgres')}</p>}
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {data.moveSteps.map((step) => (
            <li key={step}>{t(`steps.${step}`)}</li>
          ))}
        </ol>
      </section>
      <section className="card overflow-x-auto p-4">
        <h2 className="mb-3 text-lg font-semibold">{t('tables.title')}</h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-4">
                {t('tables.table')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('tables.rows')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tables.map((row) => (
              <tr key={row.table} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1 pr-4 font-mono">{row.table}</td>
                <td className="py-1 text-right tabular-nums">
                  {formatInteger(row.rows)}
                  {row.estimated && <span className="muted ml-1 text-xs">({t('tables.estimated')})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
