import { lateFeeMinor, priceWindow } from './pricing.js';

const HOUR = 3_600_000;
const rates = { pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 };
const total = (ms: number, q = 1) => priceWindow(rates, ms, q).totalMinor / 100;

describe('priceWindow: cheapest weeks, days and started hours', () => {
  it.each([
    ['3 h', 3 * HOUR, 30],
    ['5 h', 5 * HOUR, 50],
    ['26 h', 26 * HOUR, 70],
    ['6 days', 6 * 24 * HOUR, 200],
    ['8 days', 8 * 24 * HOUR, 250],
    ['exactly 24 h', 24 * HOUR, 50],
    ['23 h 59 min', 24 * HOUR - 60_000, 50],
    ['24 h 1 min', 24 * HOUR + 60_000, 60],
    ['exactly 7 days', 7 * 24 * HOUR, 200],
    ['7 days 1 min', 7 * 24 * HOUR + 60_000, 210],
    ['1 min', 60_000, 10],
  ])('%s costs %d', (_label, ms, expected) => {
    expect(total(ms)).toBe(expected);
  });

  it('multiplies by the quantity and itemises the lines', () => {
    const quote = priceWindow(rates, 26 * HOUR, 2);
    expect(quote.totalMinor).toBe(14000);
    expect(quote.lines).toEqual([
      { label: '1 day × 2 bikes', quantity: 2, unitAmountMinor: 5000, amountMinor: 10000 },
      { label: '2 hours × 2 bikes', quantity: 4, unitAmountMinor: 1000, amountMinor: 4000 },
    ]);
    expect(quote.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(quote.totalMinor);
  });

  it('without day and week prices it is the hourly price', () => {
    expect(priceWindow({ pricePerHourCents: 1250, pricePerDayCents: null, pricePerWeekCents: null }, 30 * HOUR, 1).totalMinor).toBe(37500);
  });

  it('a week price dearer than 7 days is never chosen', () => {
    expect(priceWindow({ pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 99999 }, 8 * 24 * HOUR, 1).totalMinor).toBe(40000);
  });
});

describe('lateFeeMinor', () => {
  it('is 0 within the grace and per started hour after it', () => {
    expect(lateFeeMinor(0, 30 * 60_000, 30 * 60_000, 1000, 1)).toBe(0);
    expect(lateFeeMinor(0, 31 * 60_000, 30 * 60_000, 1000, 2)).toBe(2000);
    expect(lateFeeMinor(0, 150 * 60_000, 30 * 60_000, 1000, 1)).toBe(2000);
  });
});
