import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { Clock } from '../../common/clock.js';
import { IdempotencyService } from '../../common/idempotency/idempotency.service.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { PaymentRow } from '../../database/schema/payments.js';
import { PaymentsService } from '../payments/payments.service.js';
import { announceLapsedBooking } from './rental-events.js';
import { RentalsRepository } from './rentals.repository.js';
import { loggableError } from '../../common/loggable-error.js';
import { holdSweeps, holdsReleased } from '../../common/observability/metrics.js';

const PURGE_INTERVAL_MS = 10 * 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 200;

/**
 * Unpaid holds end: every pending_fee rental whose hold has run out is cancelled, its booking fee expires, its
 * units are free again and its hosted checkout is closed at the gateway (Stripe keeps a session open 30 minutes
 * at least). Runs every 30 seconds, and on demand before a booking that found no free unit.
 */
@Injectable()
export class HoldSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Rentals');
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;
  private lastPurge = 0;

  constructor(
    private readonly txHost: TransactionHost,
    private readonly rentals: RentalsRepository,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env.NODE_ENV === 'test') return;
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /**
   * Cancels every pending_fee rental whose hold has run out. Conditional updates make it happen once even when
   * several instances sweep at the same time. The lookup reads the partial index rentals_hold_idx. Returns how
   * many rentals were cancelled.
   */
  async expireHolds(filter: { bikeId?: string } = {}): Promise<number> {
    let cancelled = 0;
    const closed: PaymentRow[] = [];
    for (;;) {
      const before = cancelled;
      const lapsed = await this.rentals.findLapsedHolds(this.clock.now(), SWEEP_BATCH, filter.bikeId);
      for (const rental of lapsed) {
        const done = await this.txHost.run(async () => {
          for (const payment of await this.payments.findPending(rental.id, 'booking_fee')) {
            const expired = await this.payments.settle(payment.id, 'expired');
            if (expired) closed.push(expired);
          }
          // Also covers a hold without an open fee; never a rental whose fee succeeded.
          const stillHeld = await this.rentals.cancelAndRelease(rental.id, this.clock.now());
          if (stillHeld) await announceLapsedBooking(this.events, this.payments, rental.id);
          return stillHeld !== undefined || closed.some((p) => p.rentalId === rental.id);
        });
        if (done) cancelled += 1;
      }
      // A full batch may hide more; stop when one makes no progress (rows another instance is handling).
      if (lapsed.length < SWEEP_BATCH || cancelled === before) break;
    }
    // The lapsed checkouts can no longer be paid (Stripe: Checkout Session expired).
    if (closed.length) await this.payments.closeCheckouts(closed);
    return cancelled;
  }

  /** The periodic job: lapsed holds and rental payments, and now and then idempotency keys past their replay window. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const cancelled = await this.expireHolds();
      if (cancelled) this.logger.log(`released ${cancelled} unpaid booking(s) whose hold expired`);
      holdsReleased.inc(cancelled);
      await this.payments.expireLapsedRentalPayments();
      if (Date.now() - this.lastPurge >= PURGE_INTERVAL_MS) {
        this.lastPurge = Date.now();
        await this.idempotency.purgeExpired();
      }
      holdSweeps.inc({ result: 'ok' });
    } catch (e) {
      holdSweeps.inc({ result: 'failed' });
      this.logger.error(`sweep failed: ${loggableError(e)}`);
    } finally {
      this.sweeping = false;
    }
  }
}
