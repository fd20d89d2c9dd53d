import { z } from 'zod';
import { isCurrencyCode, majorToMinorExact } from '../../locales/currency.js';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

/** A comma-separated list of origin URLs (`https://shop.example, http://127.0.0.1:5173`). */
const originList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url('each entry must be an origin URL')));

/** An IANA time zone name the platform's Intl knows (`Asia/Dhaka`, `America/New_York`, `UTC`). */
const timeZone = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v });
        return v !== '';
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone name such as UTC, Asia/Dhaka or America/New_York' },
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** Every environment variable the server reads. `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The largest condition photo accepted at the counter (bytes, as uploaded). */
    PHOTO_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(15 * 1024 * 1024),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    JWT_EXPIRES_IN: z.coerce.number().int().min(60).max(60 * 60 * 24 * 90).default(60 * 60 * 24 * 7),
    JWT_ISSUER: z.string().min(1).default('okay-bike'),
    JWT_AUDIENCE: z.string().min(1).default('okay-bike-web'),
    CORS_ORIGINS: originList,
    /** Origins a checkout's returnUrl may point at; empty = the CORS_ORIGINS list (the shop's own origin always). */
    RETURN_ORIGINS: originList,
    /** Sites that may embed the booking widget (CSP frame-ancestors of /embed pages; payers return to them too). */
    WIDGET_ORIGINS: originList,
    /** The shop's time zone: zone-less times (a datetime-local value) are read in it. */
    SHOP_TIME_ZONE: timeZone.default('UTC'),
    // No default here: production must name its gateway (see superRefine); elsewhere the sandbox is the default.
    PAYMENT_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'stripe']).optional()),
    SANDBOX_WEBHOOK_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    BOOKING_FEE_AMOUNT: z.coerce
      .number()
      .positive()
      .max(1_000_000)
      .refine((v) => majorToMinorExact(v, 'KWD') !== null, 'must be an amount with at most 3 decimals (the currency\'s own)')
      .default(100),
    BOOKING_FEE_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code')
      .transform((v) => v.toUpperCase())
      .refine((v) => isCurrencyCode(v), 'must be an ISO 4217 currency code (BDT, USD, JPY, ...)')
      .default('BDT'),
    /** The shop's currency (issue 27): new bikes, add-ons and gift cards are priced in it, in its own minor units. */
    RENTAL_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code')
      .transform((v) => v.toUpperCase())
      .refine((v) => isCurrencyCode(v), 'must be an ISO 4217 currency code (USD, EUR, JPY, KWD, ...)')
      .default('USD'),
    HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    /** Security deposits (issue 21): the card hold is placed this many hours before the start (or at booking when later). */
    DEPOSIT_HOLD_LEAD_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
    /** A hold is renewed (a new hold, then the old one released) this many hours before it would lapse. */
    DEPOSIT_REAUTH_MARGIN_HOURS: z.coerce.number().int().min(1).max(24 * 6).default(24),
    /** Rental agreements (issue 22): a rider's signature of the current version is reused for this many days. */
    AGREEMENT_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    MAX_PENDING_BOOKINGS: z.coerce.number().int().min(1).max(1000).default(3),
    // Issue 20: what one customer and one client address may hold (0 = no limit).
    MAX_HELD_UNIT_DAYS: z.coerce.number().min(0).max(100_000).default(400),
    MAX_BIKE_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    REBOOK_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(30),
    MAX_UNITS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(20),
    CANCELLATION_FEE_KEPT_PERCENT: z.coerce
      .number()
      .refine((v) => v === 0 || v === 100, 'must be 0 or 100: a booking fee is refunded whole or kept (the gateways refund whole payments)')
      .default(0),
    BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    // Issue 25: unknown discount codes one customer, and one client address, may try per COUPON_GUESS_WINDOW_MINUTES.
    COUPON_GUESS_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    COUPON_GUESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    // Gift cards (issue 25). Currency: empty = RENTAL_CURRENCY. Presets: the amounts offered (major units, comma separated).
    GIFT_CARD_CURRENCY: optionalString.pipe(z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code').optional()).transform((v) => v?.toUpperCase()),
    GIFT_CARD_PRESETS: z
      .string()
      .regex(/^\s*\d+(\.\d{1,2})?(\s*,\s*\d+(\.\d{1,2})?)*\s*$/, 'must be amounts separated by commas, e.g. 25,50,100')
      .default('25,50,100')
      .transform((v) => v.split(',').map((a) => Number(a.trim()))),
    GIFT_CARD_MIN_AMOUNT: z.coerce.number().positive().max(1_000_000).default(5),
    GIFT_CARD_MAX_AMOUNT: z.coerce.number().positive().max(1_000_000).default(1000),
    /** Months a gift card stays valid after its purchase; 0 (the default): it never expires. */
    GIFT_CARD_EXPIRY_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
    /** Balance lookups (GET /api/gift-cards/{code}) per client address and minute. */
    GIFT_CARD_LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    FREE_CANCELLATION_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
    LATE_GRACE_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(30),
    LATE_FEE_PER_HOUR: optionalString.pipe(z.string().regex(/^\d+(\.\d{1,3})?$/, 'must be an amount with at most 3 decimals (the currency\'s own)').optional()).transform((v) => (v === undefined ? undefined : Number(v))),
    // Demo data and the Login quick-fill buttons only when asked for (DEMO_MODE=true), never by default.
    DEMO_MODE: bool(false),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, 'must look like 100kb or 1mb').default('100kb'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(8000),
    /** After SIGTERM, how long readiness fails while requests are still served, before the server closes. */
    /** Bearer token of GET /metrics (Prometheus); empty: no /metrics. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** OpenTelemetry tracing (OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, or to the console without one). */
    OTEL_ENABLED: bool(false),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
    OTEL_SERVICE_NAME: z.string().min(1).default('okay-bike'),
    /** PostgreSQL for LISTEN/NOTIFY when DATABASE_URL goes through a pooler in transaction mode; empty: DATABASE_URL. */
    DATABASE_LISTEN_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional()),
    /** A read replica for reads where staleness is harmless (bike listings, availability); empty: DATABASE_URL. */
    DATABASE_REPLICA_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional()),
    /** application_name on the server's database connections (pg_stat_activity). */
    DATABASE_APPLICATION_NAME: z.string().min(1).max(63).default('okay-bike'),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120000).default(0),
    /** How long a public listing answer is kept at most (every catalog change drops it at once); 0: not kept. */
    API_MICRO_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60000).default(1000),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? 'loopback' : v.trim()))
      .pipe(
        z
          .string()
          .regex(
            /^(true|false|\d{1,2}|((loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?))*))$/i,
            'must be true, false, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDR ranges',
          ),
      )
      .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
    REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('okb:'),
    LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    LOGIN_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(86400).default(30),
    // Issue 16: email, receipts, webhooks.
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Okay Bike <no-reply@okaybike.local>'),
    SHOP_NAME: z.string().min(1).default('Okay Bike'),
    SHOP_ADDRESS: z.string().default('House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh'),
    REMINDER_HOURS_BEFORE_START: z.coerce.number().min(0.25).max(24 * 14).default(24),
    RETURN_DUE_SOON_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(30000).default(10000),
    EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(2),
    WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).max(1000).default(20),
    WEBHOOK_PAUSE_AFTER_FAILED_DELIVERIES: z.coerce.number().int().min(1).max(1000).default(5),
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(600000).default(2000),
    OUTBOX_LEASE_MS: z.coerce.number().int().min(2000).max(3600000).default(60000),
    REMINDER_INTERVAL_MS: z.coerce.number().int().min(1000).max(3600000).default(60000),
  })
  .superRefine((env, ctx) => {
    // The late fee is charged in the shop's currency: no more decimals than it has (JPY none), nothing rounded.
    if (env.LATE_FEE_PER_HOUR !== undefined && isCurrencyCode(env.RENTAL_CURRENCY) && majorToMinorExact(env.LATE_FEE_PER_HOUR, env.RENTAL_CURRENCY) === null) {
      ctx.addIssue({ code: 'custom', path: ['LATE_FEE_PER_HOUR'], message: `must be an amount in ${env.RENTAL_CURRENCY}, with no more decimals than it has` });
    }
    // The booking fee in its own currency's minor units: 100 JPY is 100 yen, 1.5 KWD 1500 fils; never rounded.
    if (isCurrencyCode(env.BOOKING_FEE_CURRENCY) && majorToMinorExact(env.BOOKING_FEE_AMOUNT, env.BOOKING_FEE_CURRENCY) === null) {
      ctx.addIssue({ code: 'custom', path: ['BOOKING_FEE_AMOUNT'], message: `must be an amount in ${env.BOOKING_FEE_CURRENCY}, with no more decimals than it has` });
    }
    if (env.OUTBOX_LEASE_MS <= env.WEBHOOK_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['OUTBOX_LEASE_MS'], message: 'must be longer than WEBHOOK_TIMEOUT_MS (a claimed send must end before another worker may take it)' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.DEMO_MODE && !env.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'is required in production: stripe, or sandbox (no money moves) chosen explicitly',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEMO_MODE && env.PAYMENT_PROVIDER === 'stripe') {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_MODE'],
        message: 'must not be true with PAYMENT_PROVIDER=stripe in production: demo data and public demo passwords in a shop that takes real money',
      });
    }
    if (env.NODE_ENV === 'production' && !env.DEMO_MODE && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (payment return links, sitemap and robots.txt never come from the Host header)',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production with DATABASE_URL (every instance must share it)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    // Outside production (and in demo mode) the sandbox is the default gateway.
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? ('sandbox' as const),
    /** True when PAYMENT_PROVIDER was not set and the sandbox was taken by default. */
    PAYMENT_PROVIDER_IMPLICIT: env.PAYMENT_PROVIDER === undefined,
  }));

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
