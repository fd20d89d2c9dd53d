import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loggableError } from '../../../common/loggable-error.js';
import { AppConfig } from '../../../config/app-config.js';
import { DepositsService } from './deposits.service.js';

const RUN_INTERVAL_MS = 30_000;

/**
 * Runs the deposits' work every 30 seconds, like the hold sweeper: holds that are due, renewals before a hold
 * lapses, expired holds, interrupted gateway calls, deposits of cancelled rentals. Several instances may run it at
 * once: each deposit is taken with FOR UPDATE SKIP LOCKED and every step is a conditional update.
 */
@Injectable()
export class DepositScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Deposits');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly deposits: DepositsService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env.NODE_ENV === 'test') return;
    this.timer = setInterval(() => void this.run(), RUN_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.deposits.runDue();
    } catch (e) {
      this.logger.error(`deposit run failed: ${loggableError(e)}`);
    } finally {
      this.running = false;
    }
  }
}
