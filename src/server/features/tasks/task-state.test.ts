import { describe, expect, test } from 'vitest';
import { deriveTaskState, type TaskFacts } from './task-state.ts';

const facts = (over: Partial<TaskFacts> = {}): TaskFacts => ({
  kind: 'daily',
  completedAt: null,
  requiredLevel: null,
  dailyCapReached: false,
  conditionMet: false,
  progress: 0,
  target: 5,
  waitingFor: 'todo',
  ...over,
});

describe('deriveTaskState: one meaning per state', () => {
  test('nothing done yet is pending (todo) with 0/n, never available', () => {
    expect(deriveTaskState(facts())).toEqual({
      state: 'pending',
      progress: { done: 0, target: 5 },
      pendingReason: 'todo',
      lockedReason: null,
      requiredLevel: null,
    });
  });

  test('part of the target is pending with n/m and inProgress', () => {
    expect(deriveTaskState(facts({ progress: 3, waitingFor: 'inProgress' }))).toMatchObject({
      state: 'pending',
      progress: { done: 3, target: 5 },
      pendingReason: 'inProgress',
    });
  });

  test('the condition holding (a claim would be accepted) is available, progress full', () => {
    expect(deriveTaskState(facts({ conditionMet: true, progress: 5 }))).toMatchObject({
      state: 'available',
      progress: { done: 5, target: 5 },
      pendingReason: null,
    });
  });

  test('credited is completed whatever else holds', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    expect(deriveTaskState(facts({ completedAt: at, requiredLevel: 'premium', dailyCapReached: true }))).toMatchObject({
      state: 'completed',
      progress: { done: 5, target: 5 },
    });
  });

  test('below the level it is locked with the level, even when its condition holds', () => {
    expect(deriveTaskState(facts({ requiredLevel: 'premium', conditionMet: true }))).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
  });

  test("today's cap locks a daily task (a claim would be refused) but never an achievement", () => {
    expect(deriveTaskState(facts({ dailyCapReached: true, conditionMet: true }))).toMatchObject({
      state: 'locked',
      lockedReason: 'dailyCap',
    });
    expect(
      deriveTaskState(facts({ kind: 'achievement', target: 1, dailyCapReached: true, conditionMet: true })),
    ).toMatchObject({ state: 'available' });
  });

  test('an achievement whose condition is missing says what is missing', () => {
    expect(deriveTaskState(facts({ kind: 'achievement', target: 1, waitingFor: 'profileNoAvatar' }))).toMatchObject({
      state: 'pending',
      pendingReason: 'profileNoAvatar',
      progress: { done: 0, target: 1 },
    });
  });

  test('progress is clamped to 0..target', () => {
    expect(deriveTaskState(facts({ progress: 9, waitingFor: 'inProgress' })).progress).toEqual({ done: 5, target: 5 });
    expect(deriveTaskState(facts({ progress: -1 })).progress).toEqual({ done: 0, target: 5 });
  });
});
