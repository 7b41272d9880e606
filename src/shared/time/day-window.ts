import { HOUR_MS } from './duration.ts';

// Quota and task windows. A "day" ends at midnight in the configured zone (DAY_TIME_ZONE, default Asia/Shanghai),
// the same for every instance; an "hour" is a clock hour in UTC. Pure: `now` and the zone are passed in.

/** The zone's offset from UTC at `at`, in minutes (Asia/Shanghai → 480). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the zone's current day began (its local 00:00) at `now`. */
export function startOfDay(now: Date, timeZone: string): Date {
  const offset = zoneOffsetMinutes(now, timeZone) * 60_000;
  const local = new Date(now.getTime() + offset);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight can differ from now's across a daylight-saving change: take midnight's own.
  const guess = localMidnight - offset;
  return new Date(localMidnight - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

/** The instant the zone's next day begins (when daily counters reset). */
export function startOfNextDay(now: Date, timeZone: string): Date {
  // 26 h after today's start is always inside tomorrow, daylight saving or not.
  return startOfDay(new Date(startOfDay(now, timeZone).getTime() + 26 * HOUR_MS), timeZone);
}

/** The zone's calendar date at `now` as YYYY-MM-DD (the key of a day's counters and streaks). */
export function dayKey(now: Date, timeZone: string): string {
  const local = new Date(now.getTime() + zoneOffsetMinutes(now, timeZone) * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The start of the current UTC clock hour and of the next one (the hourly API quota's window). */
export function hourWindow(now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { start: new Date(start), end: new Date(start + HOUR_MS) };
}

/** "UTC+8", "UTC-3:30", "UTC" — the label the UI shows next to "resets at 00:00". */
export function utcOffsetLabel(now: Date, timeZone: string): string {
  const minutes = zoneOffsetMinutes(now, timeZone);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
