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
      DEMO_MODE: true,
      CORS_ORIGINS: [],
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns demo mode off by default with a database server, and lets it be forced', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }).DEMO_MODE).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
    expect(parseEnv({ DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ BOOKING_FEE_AMOUNT: '-5' }, 'BOOKING_FEE_AMOUNT'],
    [{ BOOKING_FEE_CURRENCY: 'TAKA' }, 'BOOKING_FEE_CURRENCY'],
    [{ HOLD_MINUTES: '0' }, 'HOLD_MINUTES'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ ADMIN_EMAIL: 'ops@example.com' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }, 'JWT_SECRET'],
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
});
