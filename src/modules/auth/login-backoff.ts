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

  /**
   * Counts this attempt before the password is checked (one atomic increment), and refuses it when it is past
   * LOGIN_ACCOUNT_FAILURES: concurrent guesses cannot all pass a check made before any of them is counted. An
   * attempt that turns out right clears the count (`succeeded`); a wrong one stays counted.
   */
  async attempt(email: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(this.key(email), this.config.env.LOGIN_ACCOUNT_LOCK_SECONDS * 1000);
    if (count > this.config.env.LOGIN_ACCOUNT_FAILURES) {
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

  async succeeded(email: string): Promise<void> {
    await this.store.reset(this.key(email));
  }
}
