import { ConflictException, HttpException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '../clock.js';
import { httpExceptionEnvelope } from '../http-exception.filter.js';
import { requestHash } from './canonical-json.js';
import { IdempotencyRepository, IdempotencyScope } from './idempotency.repository.js';

/** A response as sent: status and the whole JSON body (envelope included), so a replay is byte-for-byte alike. */
export interface HttpReply<T = unknown> {
  status: number;
  body: T;
}

/**
 * A 409 about state that changes by itself (units taken now, a price changed since the quote): answered, but never
 * stored as the key's final reply, so a retry under the same key tries again once the unit is free.
 */
export class RetryableConflict extends ConflictException {}

/** Answers worth keeping for a key besides successes: the work ran and decided "no" (nothing was changed). */
const KEPT_ERRORS = new Set([404, 409]);
/** How long a retry waits for the first request of its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
/** How long a finished key is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Thrown by `claim` when another request owns the key; `run` turns it into a replay. */
class KeyTaken extends Error {}

/**
 * The handle an effect uses to tie the key to its own transactions: `claim` in the transaction that makes
 * the effect, `complete` with the response, `release` when the effect was undone (so the key may be retried).
 * Without a key every method does nothing.
 */
export class IdempotencyClaim {
  private claimed = false;

  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
    readonly scope: IdempotencyScope | null,
  ) {}

  async claim(): Promise<void> {
    if (!this.scope) return;
    if (!(await this.repo.insert(this.scope, this.clock.now()))) throw new KeyTaken();
    this.claimed = true;
  }

  async complete(reply: HttpReply): Promise<void> {
    if (this.scope && this.claimed) await this.repo.complete(this.scope, reply);
  }

  async release(): Promise<void> {
    if (this.scope && this.claimed) await this.repo.delete(this.scope);
  }
}

/**
 * Idempotency-Key handling (DESIGN section 4): the key is claimed in the same transaction as the effect and the
 * first response is stored with it; a retry with the same key and body gets that response back, the same key
 * with another body is a 422, and a retry racing the first one waits for it (the primary key serialises them).
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  scope(userId: string, route: string, key: string | undefined, body: unknown): IdempotencyScope | null {
    return key === undefined ? null : { userId, route, key, requestHash: requestHash(body) };
  }

  async run(scope: IdempotencyScope | null, effect: (claim: IdempotencyClaim) => Promise<HttpReply>): Promise<HttpReply> {
    if (!scope) return effect(new IdempotencyClaim(this.repo, this.clock, null));
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (let attempt = 0; ; attempt++) {
      const stored = await this.repo.find(scope);
      if (stored) {
        if (stored.requestHash !== scope.requestHash) {
          throw new UnprocessableEntityException({
            message: 'This Idempotency-Key was already used with a different request body',
            code: 'IDEMPOTENCY_KEY_REUSED',
          });
        }
        if (stored.statusCode !== null) return { status: stored.statusCode, body: stored.responseBody };
        if (Date.now() > deadline) {
          throw new ConflictException({
            message: 'A request with this Idempotency-Key is still being processed, please retry shortly',
            code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
          });
        }
        await sleep(Math.min(20 * 2 ** Math.min(attempt, 4), 250));
        continue;
      }
      const claim = new IdempotencyClaim(this.repo, this.clock, scope);
      try {
        return await effect(claim);
      } catch (e) {
        if (e instanceof KeyTaken) continue;
        if (e instanceof HttpException && KEPT_ERRORS.has(e.getStatus()) && !(e instanceof RetryableConflict)) {
          // The effect's transaction rolled back together with its claim: keep the answer on its own. If another
          // request took the key meanwhile, its answer wins.
          await this.repo.insert(scope, this.clock.now(), { status: e.getStatus(), body: httpExceptionEnvelope(e) });
        }
        throw e;
      }
    }
  }

  /** Forgets finished keys older than the 24-hour replay window. */
  purgeExpired(): Promise<number> {
    return this.repo.purgeFinishedBefore(new Date(this.clock.now().getTime() - IDEMPOTENCY_TTL_MS));
  }
}
