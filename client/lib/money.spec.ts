import { amountDigits, currencyPrefix, formatMoney, formatRate, moneyPrecision, sumMoney } from './money.js';

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

describe('money in the shop currency (issue 27): the currency\'s own decimals', () => {
  it('formats JPY with no decimals and KWD with three, in the reader\'s locale', () => {
    expect(formatMoney(4800, 'JPY')).toBe('¥4,800');
    expect(formatMoney(4.8, 'KWD')).toBe('KWD\u00a04.800');
    expect(formatMoney(1.255, 'KWD')).toBe('KWD\u00a01.255');
    expect(formatRate(1500, 'JPY', 'hour')).toBe('¥1,500/hour');
    expect(formatMoney(4800, 'JPY', 'de')).toBe('4.800\u00a0¥');
    expect(formatMoney(4.8, 'KWD', 'de')).toBe('4,800\u00a0KWD');
    expect(formatMoney(4.8, 'KWD', 'bn')).toBe('৪.৮০০\u00a0KWD');
    // USD unchanged.
    expect(formatMoney(48, 'USD')).toBe('$48.00');
  });

  it('amount inputs take the currency\'s decimals and sign', () => {
    expect([moneyPrecision('JPY'), moneyPrecision('USD'), moneyPrecision('KWD'), moneyPrecision('TAKA'), moneyPrecision(null)]).toEqual([0, 2, 3, 2, 2]);
    expect([currencyPrefix('USD'), currencyPrefix('JPY'), currencyPrefix('KWD')]).toEqual(['$', '¥', 'KWD']);
  });

  it('plain amounts (JSON-LD) and sums keep exactly the currency\'s decimals', () => {
    expect([amountDigits(12.5, 'USD'), amountDigits(1500, 'JPY'), amountDigits(1.2, 'KWD')]).toEqual(['12.50', '1500', '1.200']);
    expect(sumMoney([0.1, 0.2], 'USD')).toBe(0.3);
    expect(sumMoney([1.001, 2.002, 0.005], 'KWD')).toBe(3.008);
    expect(sumMoney([1500, 2300], 'JPY')).toBe(3800);
  });

  it('a malformed code keeps the amount as it is, to at most three decimals', () => {
    expect(formatMoney(1.2345, 'TAKA')).toBe('TAKA 1.235');
  });
});
