import { closedReason, isCalendarDate, isClosedDate, OpeningRules, startOfDate, wallClock, weekdayOf } from './opening-hours.js';

const weekdays = { open: '09:00', close: '18:00' };
const rules: OpeningRules = { openingHours: [weekdays, weekdays, weekdays, weekdays, weekdays, { open: '10:00', close: '14:00' }, null], closedDates: ['2026-12-25'] };

describe('opening hours', () => {
  it('reads the wall clock in the shop zone', () => {
    // 2026-11-27 is a Friday; 23:30 UTC is already Saturday 05:30 in Dhaka (+06:00).
    expect(wallClock(new Date('2026-11-27T23:30:00Z'), 'UTC')).toEqual({ date: '2026-11-27', weekday: 4, minutes: 23 * 60 + 30 });
    expect(wallClock(new Date('2026-11-27T23:30:00Z'), 'Asia/Dhaka')).toEqual({ date: '2026-11-28', weekday: 5, minutes: 5 * 60 + 30 });
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('is open at every time when no hours are set (older shops unchanged)', () => {
    const none: OpeningRules = { openingHours: null, closedDates: [] };
    expect(closedReason(none, new Date('2026-11-29T03:00:00Z'), 'UTC')).toBeNull();
    expect(isClosedDate(none, '2026-11-29')).toBe(false);
  });

  it('opens from the opening minute through the closing minute', () => {
    expect(closedReason(rules, new Date('2026-11-27T09:00:00Z'), 'UTC')).toBeNull();
    expect(closedReason(rules, new Date('2026-11-27T18:00:00Z'), 'UTC')).toBeNull();
    expect(closedReason(rules, new Date('2026-11-27T08:59:00Z'), 'UTC')).toBe('the shop is open 09:00-18:00 on Fridays');
    expect(closedReason(rules, new Date('2026-11-27T18:00:30Z'), 'UTC')).toBe('the shop is open 09:00-18:00 on Fridays');
    expect(closedReason(rules, new Date('2026-11-28T12:00:00Z'), 'UTC')).toBeNull();
    expect(closedReason(rules, new Date('2026-11-28T15:00:00Z'), 'UTC')).toBe('the shop is open 10:00-14:00 on Saturdays');
  });

  it('is closed on closed weekdays and closed dates', () => {
    expect(closedReason(rules, new Date('2026-11-29T12:00:00Z'), 'UTC')).toBe('the shop is closed on Sundays');
    expect(closedReason(rules, new Date('2026-12-25T12:00:00Z'), 'UTC')).toBe('the shop is closed on 2026-12-25');
    expect(isClosedDate(rules, '2026-11-29')).toBe(true);
    expect(isClosedDate(rules, '2026-12-25')).toBe(true);
    expect(isClosedDate(rules, '2026-11-27')).toBe(false);
  });

  it('finds the start of a date across daylight-saving changes', () => {
    expect(startOfDate('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDate('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-02-28')).toBe(true);
  });
});
