import { parseShopTime, zoneOffsetMs } from './shop-time.js';

const iso = (value: string, zone: string) => parseShopTime(value, zone).toISOString();

describe('parseShopTime', () => {
  it('reads a zone-less time in the given zone', () => {
    expect(iso('2026-11-24T07:30', 'UTC')).toBe('2026-11-24T07:30:00.000Z');
    expect(iso('2026-11-24T07:30', 'Asia/Dhaka')).toBe('2026-11-24T01:30:00.000Z');
    expect(iso('2026-11-24T07:30', 'America/New_York')).toBe('2026-11-24T12:30:00.000Z');
    expect(iso('2026-07-24T07:30:15.250', 'America/New_York')).toBe('2026-07-24T11:30:15.250Z');
  });

  it('keeps a time that has an offset', () => {
    expect(iso('2026-11-24T07:30:00Z', 'Asia/Dhaka')).toBe('2026-11-24T07:30:00.000Z');
    expect(iso('2026-11-24T07:30:00+06:00', 'America/New_York')).toBe('2026-11-24T01:30:00.000Z');
  });

  it('is exact across daylight-saving changes', () => {
    // New York: 2026-03-08 02:00 -> 03:00 (gap), 2026-11-01 02:00 -> 01:00 (repeat).
    expect(iso('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(iso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z'); // = 03:30 EDT
    expect(iso('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(iso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z'); // the first 01:30 (EDT)
    expect(iso('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // Southern hemisphere and a half-hour zone.
    expect(iso('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
    expect(iso('2026-01-10T12:00', 'Asia/Kolkata')).toBe('2026-01-10T06:30:00.000Z');
  });

  it('gives an invalid date for malformed or impossible times', () => {
    for (const bad of ['tomorrow', '2026-02-30T10:00', '2026-11-24T25:00', '2026-11-24', '']) {
      expect(Number.isNaN(parseShopTime(bad, 'UTC').getTime())).toBe(true);
    }
  });

  it('reports zone offsets', () => {
    expect(zoneOffsetMs('Asia/Dhaka', Date.UTC(2026, 0, 1))).toBe(6 * 3600_000);
    expect(zoneOffsetMs('America/New_York', Date.UTC(2026, 6, 1))).toBe(-4 * 3600_000);
  });
});
