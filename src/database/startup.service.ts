import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app-config.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { PasswordService } from '../modules/auth/password.service.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { DEMO_ACCOUNTS, DEMO_EXTRA_EMAIL_DOMAIN, DEMO_EXTRA_PASSWORD } from './seed/demo-accounts.js';
import { TransactionHost } from './transaction-host.js';

const DEMO_PASSWORDS = [DEMO_ACCOUNTS.admin.password, DEMO_ACCOUNTS.user.password, DEMO_EXTRA_PASSWORD];

/**
 * At start: demo data on an empty database in demo mode; with demo mode off, the demo accounts disabled (a demo
 * shop gone live must not keep a demo admin with a public password); then the operator's admin account.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    private readonly users: UsersRepository,
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
    } else {
      await this.disableDemoAccounts();
    }
    await this.auth.ensureOperatorAdmin();
  }

  /**
   * Demo mode off: every account the demo data created that still signs in with its public password (the demo
   * admin and user, the generated customers at example.com) is disabled (UsersRepository.disableAccounts): it
   * can no longer sign in, its sessions end, and its rentals, payments and reviews stay for the ledger. Accounts
   * whose password was changed are someone's now and are left alone. The start log says what was done.
   */
  private async disableDemoAccounts(): Promise<void> {
    const candidates = await this.users.findDemoCandidates([DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.user.email], DEMO_EXTRA_EMAIL_DOMAIN);
    if (candidates.length === 0) return;
    // The seed hashed each password once: the generated customers share one hash, which no two real accounts do
    // (random salts). So only the demo emails' hashes and shared hashes are checked, one check per distinct hash,
    // however many real accounts live at example.com.
    const demoEmails = new Set<string>([DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.user.email]);
    const byHash = new Map<string, number>();
    for (const c of candidates) byHash.set(c.passwordHash, (byHash.get(c.passwordHash) ?? 0) + 1);
    const toCheck = new Set(candidates.filter((c) => demoEmails.has(c.email.toLowerCase()) || (byHash.get(c.passwordHash) ?? 0) > 1).map((c) => c.passwordHash));
    const demoHash = new Map<string, boolean>();
    for (const hash of toCheck) {
      let matches = false;
      for (const password of DEMO_PASSWORDS) if (!matches) matches = await this.passwords.verify(hash, password);
      demoHash.set(hash, matches);
    }
    const demo = candidates.filter((c) => demoHash.get(c.passwordHash));
    if (demo.length === 0) return;
    await this.users.disableAccounts(
      demo.map((c) => c.id),
      this.clock.now(),
    );
    const named = demo.map((c) => c.email.toLowerCase()).filter((e) => e.endsWith('@okaybike.demo'));
    this.logger.warn(
      `demo mode: off, and this database holds demo data: disabled ${demo.length} demo account${demo.length === 1 ? '' : 's'} ` +
        `(${[...named, `${demo.length - named.length} generated customers`].join(', ')}): they can no longer sign in, their ` +
        'sessions ended, their rentals and payments stay. Set ADMIN_EMAIL and ADMIN_PASSWORD for the first real admin.',
    );
  }
}
