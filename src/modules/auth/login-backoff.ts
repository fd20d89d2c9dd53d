import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimitStore } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';

/**
 * Per-account login back-off, whatever the client address: after LOGIN_ACCOUNT_FAILURES wrong passwords for
 * one email, logins to that email answer 429 until LOGIN_ACCOUNT_LOCK_SECONDS after the first failure of the
 * series; a successful login clears the count. Counted for unknown emails too, so the answer tells nothing
 * about which accounts exist. Shared through Redis with REDIS_URL, like the other limits.
 */
@Injectable()
export class LoginBackoff {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  private key(email: string): string {
    return `login-account:${email.trim().toLowerCase()}`;
  }

  async assertAllowed(email: string): Promise<void> {
    const { count, resetInMs } = await this.store.peek(this.key(email));
    if (count >= this.config.env.LOGIN_ACCOUNT_FAILURES) {
      const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
      throw new HttpException(
        {
          message: `Too many failed logins for this account, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          code: 'ACCOUNT_LOCKED',
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async failed(email: string): Promise<void> {
    await this.store.hit(this.key(email), this.config.env.LOGIN_ACCOUNT_LOCK_SECONDS * 1000);
  }

  async succeeded(email: string): Promise<void> {
    await this.store.reset(this.key(email));
  }
}
