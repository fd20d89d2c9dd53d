import { setShopTimeZone } from '../common/shop-time.js';
import { Env } from './env.schema.js';
import { toMinor } from '../common/money.js';

/** Typed, parsed configuration, injected by class token. Built once at start from the environment. */
export class AppConfig {
  constructor(readonly env: Env) {
    // Zone-less API times (parseShopTime) are read in the shop's zone.
    setShopTimeZone(env.SHOP_TIME_ZONE);
  }

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  /** The sandbox gateway is on while no money moves: admins see a banner, production logs a warning. */
  get sandboxPayments(): boolean {
    return this.env.PAYMENT_PROVIDER === 'sandbox';
  }

  /** The database, named without credentials (for the start log). */
  get databaseLabel(): string {
    if (!this.env.DATABASE_URL) return `embedded PGlite in ${this.env.DATA_DIR}`;
    try {
      const url = new URL(this.env.DATABASE_URL);
      return `PostgreSQL at ${url.hostname}${url.port ? ':' + url.port : ''}${url.pathname}`;
    } catch {
      return 'PostgreSQL';
    }
  }

  /** What the start log says about this instance: gateway, database, demo mode. */
  get startSummary(): string {
    const gateway = this.env.PAYMENT_PROVIDER + (this.env.PAYMENT_PROVIDER_IMPLICIT ? ' (default)' : '');
    return `payment gateway: ${gateway}; database: ${this.databaseLabel}; demo mode: ${this.env.DEMO_MODE ? 'on' : 'off'}`;
  }

  get bookingFeeMinor(): number {
    return toMinor(this.env.BOOKING_FEE_AMOUNT, this.env.BOOKING_FEE_CURRENCY);
  }

  /** The currency gift cards are sold in: GIFT_CARD_CURRENCY, else RENTAL_CURRENCY. */
  get giftCardCurrency(): string {
    return this.env.GIFT_CARD_CURRENCY ?? this.env.RENTAL_CURRENCY;
  }
}
