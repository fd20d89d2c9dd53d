import { AppConfig } from './app-config.js';
import { ConfigError, parseEnv } from './env.schema.js';

describe('parseEnv', () => {
  it('gives working defaults for the embedded setup', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PAYMENT_PROVIDER: 'sandbox',
      BOOKING_FEE_AMOUNT: 100,
      BOOKING_FEE_CURRENCY: 'BDT',
      HOLD_MINUTES: 15,
      DEMO_MODE: false,
      CORS_ORIGINS: [],
      TRUST_PROXY: 'loopback',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PAYMENT_PROVIDER_IMPLICIT).toBe(true);
  });

  it('turns demo mode on only when asked for, with either database', () => {
    expect(parseEnv({}).DEMO_MODE).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', PUBLIC_URL: 'https://shop.example' }).DEMO_MODE).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }).DEMO_MODE).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
    expect(parseEnv({ DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });

  it('in production takes the sandbox gateway only when named, or in demo mode', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(() => parseEnv(prod)).toThrow(/PAYMENT_PROVIDER: is required in production/);
    expect(parseEnv({ ...prod, PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_PROVIDER_IMPLICIT: false });
    expect(parseEnv({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_PROVIDER_IMPLICIT: true });
  });

  it('in production requires PUBLIC_URL unless in demo mode', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PUBLIC_URL: is required in production/);
    expect(parseEnv({ NODE_ENV: 'production', DEMO_MODE: 'true' }).PUBLIC_URL).toBeUndefined();
  });

  it('parses TRUST_PROXY as Express takes it', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ BOOKING_FEE_AMOUNT: '-5' }, 'BOOKING_FEE_AMOUNT'],
    [{ BOOKING_FEE_AMOUNT: '100.005' }, 'BOOKING_FEE_AMOUNT'],
    [{ BOOKING_FEE_CURRENCY: 'TAKA' }, 'BOOKING_FEE_CURRENCY'],
    [{ HOLD_MINUTES: '0' }, 'HOLD_MINUTES'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ ADMIN_EMAIL: 'ops@example.com' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }, 'PAYMENT_PROVIDER'],
    [{ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }, 'PUBLIC_URL'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production', DEMO_MODE: 'true', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }, 'DEMO_MODE'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
  ])('refuses %j naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^\\s+${variable}(\\.\\d+)?: `, 'm'));
  });

  it('parses lists and numbers', () => {
    const env = parseEnv({ CORS_ORIGINS: 'https://a.example, https://b.example', JWT_EXPIRES_IN: '3600', BOOKING_FEE_CURRENCY: 'usd' });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.JWT_EXPIRES_IN).toBe(3600);
    expect(env.BOOKING_FEE_CURRENCY).toBe('USD');
  });

  it('RENTAL_CURRENCY (the shop currency, issue 27): USD by default, an ISO 4217 code Intl knows, LATE_FEE_PER_HOUR within its decimals', () => {
    expect(parseEnv({}).RENTAL_CURRENCY).toBe('USD');
    expect(parseEnv({ RENTAL_CURRENCY: 'jpy' }).RENTAL_CURRENCY).toBe('JPY');
    expect(parseEnv({ RENTAL_CURRENCY: 'KWD', LATE_FEE_PER_HOUR: '1.25' }).LATE_FEE_PER_HOUR).toBe(1.25);
    expect(() => parseEnv({ RENTAL_CURRENCY: 'XYZ' })).toThrow(/RENTAL_CURRENCY: must be an ISO 4217 currency code/);
    expect(() => parseEnv({ RENTAL_CURRENCY: 'JPY', LATE_FEE_PER_HOUR: '12.5' })).toThrow(/LATE_FEE_PER_HOUR: must be an amount in JPY/);
  });

  it('LATE_FEE_PER_HOUR and BOOKING_FEE_AMOUNT take the decimals of their currency: three in KWD, none in JPY (issue 27)', () => {
    expect(parseEnv({ RENTAL_CURRENCY: 'KWD', LATE_FEE_PER_HOUR: '1.125' }).LATE_FEE_PER_HOUR).toBe(1.125);
    expect(parseEnv({ BOOKING_FEE_CURRENCY: 'KWD', BOOKING_FEE_AMOUNT: '1.125' }).BOOKING_FEE_AMOUNT).toBe(1.125);
    expect(parseEnv({ BOOKING_FEE_CURRENCY: 'JPY', BOOKING_FEE_AMOUNT: '500' }).BOOKING_FEE_AMOUNT).toBe(500);
    expect(() => parseEnv({ BOOKING_FEE_CURRENCY: 'JPY', BOOKING_FEE_AMOUNT: '100.5' })).toThrow(/BOOKING_FEE_AMOUNT: must be an amount in JPY/);
    expect(() => parseEnv({ BOOKING_FEE_CURRENCY: 'XYZ' })).toThrow(/BOOKING_FEE_CURRENCY: must be an ISO 4217 currency code/);
    // The fee in its currency's own minor units: 500 yen, 1125 fils, 10000 poisha (100 BDT, the default).
    const fee = (env: Record<string, string>) => new AppConfig(parseEnv(env)).bookingFeeMinor;
    expect([fee({ BOOKING_FEE_CURRENCY: 'JPY', BOOKING_FEE_AMOUNT: '500' }), fee({ BOOKING_FEE_CURRENCY: 'KWD', BOOKING_FEE_AMOUNT: '1.125' }), fee({})]).toEqual([500, 1125, 10000]);
  });
});
