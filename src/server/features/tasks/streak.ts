// Streaks: consecutive zone-days with at least one daily task credited. Pure; days are YYYY-MM-DD keys in the
// configured zone (DAY_TIME_ZONE), so "yesterday" is the zone's calendar day before, daylight saving or not.
import { STREAK_BONUS_EVERY } from '../../../shared/membership/tasks.ts';

export type StreakState = { current: number; best: number; lastDay: string | null };

/** The calendar day before a YYYY-MM-DD key. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The streak after a daily task is credited on `today`, and whether this credit earns the bonus: only the day's first
 * daily task moves the streak, and the bonus comes when it reaches a multiple of STREAK_BONUS_EVERY.
 */
export function advanceStreak(state: StreakState, today: string): StreakState & { bonus: boolean } {
  if (state.lastDay === today) return { ...state, bonus: false };
  const current = state.lastDay === previousDay(today) ? state.current + 1 : 1;
  return {
    current,
    best: Math.max(state.best, current),
    lastDay: today,
    bonus: current % STREAK_BONUS_EVERY === 0,
  };
}

/** What GET /api/tasks shows: a streak ending before yesterday is broken (0). */
export function streakView(state: StreakState, today: string) {
  const activeToday = state.lastDay === today;
  const alive = activeToday || state.lastDay === previousDay(today);
  const current = alive ? state.current : 0;
  return {
    current,
    best: state.best,
    activeToday,
    daysToBonus: STREAK_BONUS_EVERY - (current % STREAK_BONUS_EVERY),
  };
}
