import { useState } from 'react';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePoints, useTasks } from '../api.ts';
import { AdSlot } from './ad-slot.tsx';
import { PointsHeader } from './points-header.tsx';
import { PointsHistory } from './points-history.tsx';
import { ReferralCard } from './referral-card.tsx';
import { StreakCard } from './streak-card.tsx';
import { TaskList } from './task-list.tsx';

/** The signed-in task centre: points and level, the ad slot, today's tasks, streak, referral and history. */
export function TaskCentre() {
  const { t, i18n } = useTranslation('tasks');
  const errorText = useErrorText();
  const [offset, setOffset] = useState(0);
  const tasks = useTasks();
  const points = usePoints(offset, i18n.language);

  if (tasks.isError || points.isError) {
    return (
      <ErrorPanel
        title={t('loadError')}
        message={errorText(tasks.error ?? points.error)}
        retryLabel={t('retry')}
        onRetry={() => {
          void tasks.refetch();
          void points.refetch();
        }}
      />
    );
  }
  if (!tasks.data || !points.data) return <TaskCentreSkeleton />;

  const { day, caps, streak, ads, referral } = tasks.data;
  const resetsAt = `00:00 ${day.zoneLabel}`;
  return (
    <div className="space-y-8">
      <PointsHeader points={points.data} day={day} caps={caps} />
      {/* On a phone the ad slot comes first (the sidebar's wrapper dissolves into the column); beside the tasks from lg. */}
      <div className="flex flex-col gap-8 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-8">
          <TaskList data={tasks.data} />
        </div>
        <div className="contents min-w-0 lg:block lg:space-y-6">
          <div className="order-first lg:order-none">
            <AdSlot ads={ads} cap={caps.ads} resetsAt={resetsAt} />
          </div>
          <StreakCard streak={streak} />
          <ReferralCard referral={referral} />
        </div>
      </div>
      <PointsHistory history={points.data.history} onOffsetChange={setOffset} />
    </div>
  );
}

function TaskCentreSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true">
      <Skeleton className="h-36 w-full" />
      <div className="grid gap-3 sm:grid-cols-2">
        {['a', 'b', 'c', 'd'].map((id) => (
          <Skeleton key={id} className="h-32 w-full" />
        ))}
      </div>
    </div>
  );
}
