import { useMemo } from 'react';
import type { SocialUsageResponse } from '../../../../shared/api/social-accounts.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadAdminEcharts } from './load-admin-echarts.ts';

/** The last `days` UTC dates, oldest first (YYYY-MM-DD, as usage records are keyed). */
export function lastDays(days: number, now: Date): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Sums every account's records per day; a day without records is 0 (nothing was sent). */
export function totalsByDay(items: SocialUsageResponse['items'], dates: string[]) {
  const byDate = new Map(dates.map((d) => [d, { requests: 0, errors: 0, rateLimit: 0 }]));
  for (const item of items) {
    const day = byDate.get(item.date.slice(0, 10));
    if (!day) continue;
    day.requests += item.requests;
    day.errors += item.errors;
    day.rateLimit += item.rateLimit;
  }
  return dates.map((date) => ({ date, ...byDate.get(date)! }));
}

/** Requests (bars), errors and 429s (lines) per day across the pool. */
export function AccountUsageChart({ items, days }: { items: SocialUsageResponse['items']; days: number }) {
  const { t } = useTranslation('admin');
  const totals = useMemo(() => totalsByDay(items, lastDays(days, new Date())), [items, days]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: totals.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('accounts.usage.requests'), type: 'bar', data: totals.map((d) => d.requests) },
        { name: t('accounts.usage.errors'), type: 'line', data: totals.map((d) => d.errors) },
        { name: t('accounts.usage.rateLimit'), type: 'line', data: totals.map((d) => d.rateLimit) },
      ],
    }),
    [totals, t],
  );
  const { ref, ready } = useEchart(loadAdminEcharts, option);
  const sum = totals.reduce((s, d) => ({ r: s.r + d.requests, e: s.e + d.errors, l: s.l + d.rateLimit }), {
    r: 0,
    e: 0,
    l: 0,
  });
  return (
    <div className="space-y-2">
      <div className="relative h-64 w-full" data-slot="usage-chart">
        {!ready && <Skeleton className="absolute inset-0" />}
        <div ref={ref} className="h-full w-full" role="img" aria-label={t('accounts.usage.chartLabel', { days })} />
      </div>
      <p className="muted text-sm" data-slot="usage-totals">
        {t('accounts.usage.totals', { requests: sum.r, errors: sum.e, rateLimit: sum.l, days })}
      </p>
    </div>
  );
}
