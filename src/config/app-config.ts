import { Env } from './env.schema.js';

/** Typed, parsed configuration, injected by class token. Built once at start from the environment. */
export class AppConfig {
  constructor(readonly env: Env) {}

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  get bookingFeeMinor(): number {
    return Math.round(this.env.BOOKING_FEE_AMOUNT * 100);
  }
}
