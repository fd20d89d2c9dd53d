import { formatDateTime, formatDuration, safeTimeZone, shopDay, shopDayStart, toZonedInputValue, zonedInputToIso } from './time.js';

describe('shop time zone formatting', () => {
  it('reads a datetime-local value as the shop\'s wall clock, across zones and daylight saving', () => {
    expect(zonedInputToIso('2026-11-24T07:30', 'UTC')).toBe('2026-11-24T07:30:00.000Z');
    expect(zonedInputToIso('2026-11-24T07:30', 'Asia/Dhaka')).toBe('2026-11-24T01:30:00.000Z');
    expect(zonedInputToIso('2026-11-24T07:30', 'America/New_York')).toBe('2026-11-24T12:30:00.000Z');
    expect(zonedInputToIso('2026-07-01T07:30', 'America/New_York')).toBe('2026-07-01T11:30:00.000Z');
    expect(zonedInputToIso('', 'UTC')).toBeNull();
    expect(zonedInputToIso('tomorrow', 'UTC')).toBeNull();
  });

  it('writes an instant back as the same wall-clock value', () => {
    for (const zone of ['UTC', 'Asia/Dhaka', 'America/New_York', 'Europe/Berlin']) {
      const iso = zonedInputToIso('2026-03-29T10:15', zone) as string;
      expect(toZonedInputValue(iso, zone)).toBe('2026-03-29T10:15');
    }
  });

  it('shows times in the shop zone, named, whatever the server\'s or browser\'s zone', () => {
    expect(formatDateTime('2026-11-24T07:30:00.000Z', 'UTC')).toBe('Nov 24, 2026, 7:30 AM UTC');
    expect(formatDateTime('2026-11-24T07:30:00.000Z', 'Asia/Dhaka')).toBe('Nov 24, 2026, 1:30 PM GMT+6');
  });

  it('falls back to UTC for a zone Intl does not know', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(undefined)).toBe('UTC');
  });

  it('starts the shop\'s days at its midnight', () => {
    expect(shopDayStart(new Date('2026-11-24T20:00:00Z'), 'Asia/Dhaka')).toBe('2026-11-24T18:00:00.000Z');
    expect(shopDayStart(new Date('2026-11-24T20:00:00Z'), 'UTC', 1)).toBe('2026-11-25T00:00:00.000Z');
  });

  it('says how long a window is', () => {
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatDuration(26 * 3_600_000)).toBe('1 day 2 h');
    expect(formatDuration(8 * 24 * 3_600_000)).toBe('1 week 1 day');
  });
});

describe('shopDay: a date input\'s day on the shop\'s clock', () => {
  it('is the first moment of that day in the shop zone, not the browser\'s; plus days for an included last day', () => {
    expect(shopDay('2030-01-17', 'UTC')).toBe('2030-01-17T00:00:00.000Z');
    expect(shopDay('2030-01-17', 'Asia/Dhaka')).toBe('2030-01-16T18:00:00.000Z');
    expect(shopDay('2030-01-31', 'UTC', 1)).toBe('2030-02-01T00:00:00.000Z');
    expect(shopDay('2030-12-31', 'UTC', 1)).toBe('2031-01-01T00:00:00.000Z');
    // A 23-hour day in Berlin (summer time begins): the next day starts 23 hours after it.
    expect(shopDay('2030-03-31', 'Europe/Berlin')).toBe('2030-03-30T23:00:00.000Z');
    expect(shopDay('2030-03-31', 'Europe/Berlin', 1)).toBe('2030-03-31T22:00:00.000Z');
    expect(shopDay('31.01.2030', 'UTC')).toBeNull();
    expect(shopDay('', 'UTC')).toBeNull();
  });
});
