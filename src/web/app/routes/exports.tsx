import { useSearchParams } from 'react-router';
import { UNLIMITED } from '../../../shared/membership/level.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { useExports, useSchedules } from '../../features/exports/api.ts';
import { ExportForm } from '../../features/exports/components/export-form.tsx';
import { ExportsList } from '../../features/exports/components/exports-list.tsx';
import { SchedulesList } from '../../features/exports/components/schedules-list.tsx';
import { draftFromSearch } from '../../features/exports/source-params.ts';
import { useUsage } from '../../features/membership/api.ts';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor, lockReasonOf } from '../../features/membership/lock-reason.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** "2 of 10 exports today" from /api/me/usage (vip: unlimited). */
function ExportUsage() {
  const { t } = useTranslation('exports');
  const usage = useUsage();
  const quota = usage.data?.quotas.find((q) => q.quota === 'dailyExports');
  if (!quota) return null;
  return (
    <p data-testid="export-usage" className="text-sm text-gray-700 dark:text-gray-300">
      {quota.limit === UNLIMITED
        ? t('usageUnlimited', { used: quota.used })
        : t('usage', { used: quota.used, limit: quota.limit })}
    </p>
  );
}

/**
 * A premium page: a level without exports gets the upgrade message instead of the form; files made before a plan
 * ended stay listed below it (the server still serves and deletes them until they expire).
 */
function ExportsContent() {
  const { t } = useTranslation('exports');
  const [search] = useSearchParams();
  const session = useSession();
  const exports = useExports();
  const refused = exports.isError ? lockReasonOf(exports.error) : null;
  const schedules = useSchedules(!refused);
  const locked = session.isPending ? null : lockReasonFor('export_data', session.data?.membership.level ?? null);
  if (refused) return <LockedFeature reason={refused} title={t('featureName')} />;
  if (locked && exports.data?.items.length === 0) return <LockedFeature reason={locked} title={t('featureName')} />;
  return (
    <div className="space-y-8">
      {locked ? (
        <LockedFeature reason={locked} title={t('featureName')} />
      ) : (
        <>
          <ExportUsage />
          <ExportForm key={search.toString()} initial={draftFromSearch(search)} />
        </>
      )}
      <section aria-labelledby="exports-list" className="space-y-3">
        <h2 id="exports-list" className="text-lg font-semibold">
          {t('list.title')}
        </h2>
        {exports.data && <ExportsList items={exports.data.items} retentionDays={exports.data.retentionDays} />}
      </section>
      <section aria-labelledby="exports-schedules" className="space-y-3">
        <h2 id="exports-schedules" className="text-lg font-semibold">
          {t('schedules.title')}
        </h2>
        {schedules.data && <SchedulesList items={schedules.data.items} />}
      </section>
    </div>
  );
}

/** /exports: new export (prefilled from ?source=…), my exports with their states, my scheduled exports. */
export function ExportsPage() {
  const { t } = useTranslation('exports');
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <RequireSignIn>
        <ExportsContent />
      </RequireSignIn>
    </div>
  );
}
