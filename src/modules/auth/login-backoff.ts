import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { clientKey } from '../../common/ip-address.js';
import { RateLimitStore } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';

/** The 429 a delayed login answers, with the seconds to wait (also sent as Retry-After). */
export class LoginDelayed extends HttpException {
  constructor(readonly retryAfterS: number) {
    const wait = retryAfterS < 120 ? `${retryAfterS} second${retryAfterS === 1 ? '' : 's'}` : `${Math.ceil(retryAfterS / 60)} minutes`;
    super({ message: `Too many failed logins for this account, please try again in ${wait}`, code: 'ACCOUNT_LOCKED' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Login back-off per account and client address (ASVS 6.3): nobody can lock an account by guessing from
 * elsewhere. Wrong passwords are counted per email and address (an IPv6 client by its /64) and per email over
 * every address. An address that has not failed for this email is always let through to the password check, so
 * the owner signs in from their own address while someone else guesses. An address past LOGIN_ACCOUNT_FAILURES
 * failures for the email (or one that has failed once while the email has more than LOGIN_ACCOUNT_FAILURES
 * failures from everywhere, a guess spread over many addresses) gets one try per delay: LOGIN_BACKOFF_SECONDS
 * (30), doubling with each further try, at most LOGIN_ACCOUNT_LOCK_SECONDS; the other tries answer 429 with
 * Retry-After. The counts last LOGIN_ACCOUNT_LOCK_SECONDS from the first failure; a right password clears its
 * address's count. Counted for unknown emails too, so the answers tell nothing about which accounts exist.
 * Shared through Redis with REDIS_URL, like the other limits.
 */
@Injectable()
export class LoginBackoff {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  private keys(email: string, ip: string | undefined) {
    const account = `login-account:${email.trim().toLowerCase()}`;
    const pair = `${account}:from:${clientKey(ip)}`;
    return { account, pair, gate: `${pair}:gate` };
  }

  /**
   * Counts this attempt before the password is checked (atomic increments): concurrent guesses from one address
   * cannot all pass a check made before any of them is counted. A right password clears the address's count
   * (`succeeded`); a wrong one stays counted.
   */
  async attempt(email: string, ip: string | undefined): Promise<void> {
    const { LOGIN_ACCOUNT_FAILURES: allowed, LOGIN_ACCOUNT_LOCK_SECONDS: lockS, LOGIN_BACKOFF_SECONDS: firstDelayS } = this.config.env;
    const k = this.keys(email, ip);
    const windowMs = lockS * 1000;
    const fromHere = (await this.store.hit(k.pair, windowMs)).count;
    const everywhere = (await this.store.hit(k.account, windowMs)).count;
    // The first try since the last success from this address always reaches the password check.
    if (fromHere === 1 || (fromHere < allowed && everywhere <= allowed)) return;
    const excess = Math.max(0, fromHere - allowed, everywhere - allowed - 1);
    const delayMs = Math.min(windowMs, firstDelayS * 1000 * 2 ** Math.min(excess, 20));
    const gate = await this.store.hit(k.gate, delayMs);
    if (gate.count > 1) throw new LoginDelayed(Math.max(1, Math.ceil(gate.resetInMs / 1000)));
  }

  async succeeded(email: string, ip: string | undefined): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([this.store.reset(k.pair), this.store.reset(k.gate)]);
  }
}
