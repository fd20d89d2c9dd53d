import { setShopTimeZone } from '../common/shop-time.js';
import { Env } from './env.schema.js';

/** Typed, parsed configuration, injected by class token. Built once at start from the environment. */
export class AppConfig {
  constructor(readonly env: Env) {
    // Zone-less API times (parseShopTime) are read in the shop's zone.
    setShopTimeZone(env.SHOP_TIME_ZONE);
  }

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  get bookingFeeMinor(): number {
    return Math.round(this.env.BOOKING_FEE_AMOUNT * 100);
  }
}
