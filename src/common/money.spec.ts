import { amountText, formatMoney, MAX_MINOR, minorOfOwnMajor, toMajor, toMinor, toMinorExact, toMinorOrNull } from './money.js';

describe('money', () => {
  it('converts major units to minor units exactly, or refuses', () => {
    expect(toMinorExact(48, 'USD')).toBe(4800);
    expect(toMinorExact(0.29, 'USD')).toBe(29);
    expect(toMinorExact(12.345, 'USD')).toBeNull();
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(() => toMinor(100.005, 'USD')).toThrow(RangeError);
    expect(toMinorOrNull(null, 'USD')).toBeNull();
  });

  it('shows minor units as major units', () => {
    expect(toMajor(4800, 'USD')).toBe(48);
    expect(amountText(4800, 'USD')).toBe('48.00');
    expect(amountText(1999, 'USD')).toBe('19.99');
    expect(formatMoney(10000, 'BDT')).toBe('Tk 100.00');
    expect(formatMoney(1250, 'CHF')).toBe('CHF 12.50');
  });

  it('reads its own major-unit numbers back to minor units without the float error', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(minorOfOwnMajor(0.29, 'USD')).toBe(29);
    expect(minorOfOwnMajor(toMajor(123457, 'USD'), 'USD')).toBe(123457);
    expect(MAX_MINOR).toBe(2 ** 31 - 1);
  });
});
