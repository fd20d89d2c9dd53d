import { formatMoney, formatRate } from './money.js';

describe('money formatting', () => {
  it('writes the booking fee in Tk as the spec does, and prices in dollars', () => {
    expect(formatMoney(100, 'BDT')).toBe('Tk 100');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(1200, 'USD')).toBe('$1,200.00');
    expect(formatRate(50, 'USD', 'day')).toBe('$50.00/day');
  });

  it("prints a price in its own currency, not always in dollars", () => {
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatRate(12.5, 'GBP', 'hour')).toBe('£12.50/hour');
  });

  it('keeps the code of a currency Intl does not know', () => {
    expect(formatMoney(3, 'XXZ')).toMatch(/XXZ\s?3\.00/);
  });
});
