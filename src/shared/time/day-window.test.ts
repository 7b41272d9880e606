import { describe, expect, test } from 'vitest';
import { dayKey, hourWindow, startOfDay, startOfNextDay, utcOffsetLabel } from './day-window.ts';

describe('day windows in a time zone', () => {
  test('Asia/Shanghai: the day starts at 16:00 UTC the evening before', () => {
    const lateUtc = new Date('2030-03-01T15:59:59.999Z'); // 23:59:59.999 in Shanghai
    const nextDay = new Date('2030-03-01T16:00:00.000Z'); // 00:00 on 2 March in Shanghai

    expect(startOfDay(lateUtc, 'Asia/Shanghai').toISOString()).toBe('2030-02-28T16:00:00.000Z');
    expect(startOfDay(nextDay, 'Asia/Shanghai').toISOString()).toBe('2030-03-01T16:00:00.000Z');
    expect(startOfNextDay(lateUtc, 'Asia/Shanghai').toISOString()).toBe('2030-03-01T16:00:00.000Z');
    expect(dayKey(lateUtc, 'Asia/Shanghai')).toBe('2030-03-01');
    expect(dayKey(nextDay, 'Asia/Shanghai')).toBe('2030-03-02');
    expect(utcOffsetLabel(nextDay, 'Asia/Shanghai')).toBe('UTC+8');
  });

  test('UTC and a zone with daylight saving and a half-hour zone', () => {
    const at = new Date('2030-07-10T12:34:56Z');
    expect(startOfDay(at, 'UTC').toISOString()).toBe('2030-07-10T00:00:00.000Z');
    expect(utcOffsetLabel(at, 'UTC')).toBe('UTC');
    expect(startOfDay(at, 'America/New_York').toISOString()).toBe('2030-07-10T04:00:00.000Z'); // EDT
    expect(startOfDay(new Date('2030-01-10T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2030-01-10T05:00:00.000Z', // EST
    );
    // The day of the spring change is 23 hours long: tomorrow still starts at local midnight.
    expect(startOfNextDay(new Date('2030-03-10T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2030-03-11T04:00:00.000Z',
    );
    expect(utcOffsetLabel(at, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel(at, 'America/St_Johns')).toBe('UTC-2:30');
  });

  test('the hour window is the UTC clock hour', () => {
    expect(hourWindow(new Date('2030-01-01T10:59:59.999Z'))).toEqual({
      start: new Date('2030-01-01T10:00:00Z'),
      end: new Date('2030-01-01T11:00:00Z'),
    });
  });
});
