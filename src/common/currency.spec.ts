import fc from 'fast-check';
import { currencyExponent, formatMinor, fromStripeAmount, isCurrencyCode, majorToMinorExact, minorToMajor, roundHalfAwayFromZero, shareOfMinor, stripeAmount } from '../../locales/currency.js';
import { amountText, formatMoney, toMajor, toMinor } from './money.js';

/** Issue 27: every amount in minor units of its own currency (JPY 0, USD 2, KWD 3), rounded by one rule. */
describe('money in any currency', () => {
  it('knows each currency exponent and refuses what is not a currency', () => {
    expect([currencyExponent('JPY'), currencyExponent('USD'), currencyExponent('KWD'), currencyExponent('BDT')]).toEqual([0, 2, 3, 2]);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('DOLLAR')).toBe(false);
    expect(() => currencyExponent('XX1')).toThrow(/not an ISO 4217 currency code/);
  });

  it('converts exactly both ways for any amount in JPY, USD, KWD and BDT', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_147_483_647, max: 2_147_483_647 }), fc.constantFrom('JPY', 'USD', 'KWD', 'BDT'), (minor, currency) => {
        expect(majorToMinorExact(minorToMajor(minor, currency), currency)).toBe(minor);
        expect(toMinor(toMajor(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it('refuses more decimals than the currency has, names the exponent', () => {
    expect(majorToMinorExact(12.5, 'JPY')).toBeNull();
    expect(majorToMinorExact(1.2345, 'KWD')).toBeNull();
    expect(majorToMinorExact(1.234, 'KWD')).toBe(1234);
    expect(() => toMinor(12.5, 'JPY')).toThrow('12.5 has more than 0 decimals');
    expect(() => toMinor(0.001, 'USD')).toThrow('0.001 has more than 2 decimals');
  });

  it('rounds by one rule: halves away from zero', () => {
    expect([2.5, 3.5, -2.5, 2.4999].map(roundHalfAwayFromZero)).toEqual([3, 4, -3, 2]);
    // A 15 % coupon of ¥999 is ¥150 (149.85), of 1.005 KWD is 0.151 KWD (150.75 fils).
    expect(shareOfMinor(999, 15, 100)).toBe(150);
    expect(shareOfMinor(1005, 15, 100)).toBe(151);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (minor, percent) => {
        const part = shareOfMinor(minor, percent, 100);
        // Whole minor units, never more than the amount, never off by more than half a minor unit.
        expect(Number.isInteger(part)).toBe(true);
        expect(part).toBeLessThanOrEqual(minor);
        expect(Math.abs(part - (minor * percent) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("gives Stripe its own minor units and reads them back", () => {
    expect(stripeAmount(4800, 'JPY')).toBe(4800);
    expect(stripeAmount(4800, 'USD')).toBe(4800);
    expect(stripeAmount(1230, 'KWD')).toBe(1230);
    expect(stripeAmount(1234, 'KWD')).toBeNull();
    expect(stripeAmount(500, 'ISK')).toBe(50000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('JPY', 'USD', 'KWD', 'ISK', 'BDT'), (minor, currency) => {
        const amount = stripeAmount(minor, currency);
        if (amount !== null) expect(fromStripeAmount(amount, currency)).toBe(minor);
      }),
    );
  });

  it('formats with the currency own decimals, for the reader locale; USD reads as before', () => {
    expect(formatMoney(4800, 'USD')).toBe('$48.00');
    expect(formatMoney(10000, 'BDT')).toBe('Tk 100.00');
    expect(formatMoney(4800, 'JPY')).toBe('JPY 4,800');
    expect(formatMoney(4800, 'KWD')).toBe('KWD 4.800');
    expect(amountText(4800, 'USD')).toBe('48.00');
    expect(amountText(4800, 'JPY')).toBe('4800');
    expect(formatMinor(4800, 'JPY', 'en')).toBe('¥4,800');
    expect(formatMinor(1250, 'USD', 'de')).toBe('12,50\u00a0$');
    expect(formatMinor(1250, 'USD', 'bn')).toBe('১২.৫০\u00a0US$');
  });
});
