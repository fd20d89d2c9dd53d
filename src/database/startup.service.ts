import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app-config.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { PasswordService } from '../modules/auth/password.service.js';
import { TransactionHost } from './transaction-host.js';

/** At start: demo data on an empty database in demo mode, then the operator's admin account. */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.env.DEMO_MODE) {
      const started = Date.now();
      // Loaded only in demo mode: production starts never load the demo catalogue.
      const { seedDemoData } = await import('./seed/seed.js');
      const { seeded } = await seedDemoData(this.txHost, {
        now: this.clock.now(),
        hashPassword: (pw: string) => this.passwords.hash(pw),
        bookingFeeMinor: this.config.bookingFeeMinor,
        bookingFeeCurrency: this.config.env.BOOKING_FEE_CURRENCY,
        rentalCurrency: this.config.env.RENTAL_CURRENCY,
      });
      if (seeded) this.logger.log(`demo data seeded in ${Date.now() - started} ms`);
    }
    await this.auth.ensureOperatorAdmin();
  }
}
