import { BadGatewayException, ConflictException, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../../common/clock.js';
import { loggableError } from '../../../common/loggable-error.js';
import { createStep, runSteps } from '../../../common/steps/steps.js';
import { currencyExponent, MAX_MINOR, toMinorExact } from '../../../common/money.js';
import { AppConfig } from '../../../config/app-config.js';
import { isUniqueViolation } from '../../../database/pg-errors.js';
import { TransactionHost } from '../../../database/transaction-host.js';
import { BikeRow } from '../../../database/schema/bikes.js';
import { DepositMovementRow, DepositRow } from '../../../database/schema/deposits.js';
import { CounterPaymentMethod, RentalRow } from '../../../database/schema/rentals.js';
import { DomainEvents } from '../../events/domain-events.service.js';
import { DepositGateway, DepositHoldResult } from '../../payments/payment-gateway.js';
import { PaymentGateways } from '../../payments/payment-gateways.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { resolveJwtSecret } from '../../auth/jwt-secret.js';
import { invalidField } from '../rental-time.js';
import { DepositsRepository } from './deposits.repository.js';

const HOUR_MS = 3_600_000;
/** A movement left pending this long was interrupted (a crash between the gateway call and the commit): resumed. */
export const STUCK_AFTER_MS = 2 * 60_000;

/** deposits.attention reasons (Payment Attention). */
export const DEPOSIT_ATTENTION = {
  holdFailed: 'hold_failed',
  reauthFailed: 'reauth_failed',
  fallbackCharge: 'fallback_charge',
  requiresAction: 'requires_action',
  gatewayError: 'gateway_error',
} as const;

const SETTLED = new Set(['released', 'captured', 'partially_captured', 'expired']);

export const depositSettled = (): ConflictException =>
  new ConflictException({ message: 'This deposit is already settled (captured or released)', code: 'DEPOSIT_SETTLED' });
const notHeld = (): ConflictException => new ConflictException({ message: 'No deposit is held for this rental', code: 'DEPOSIT_NOT_HELD' });

/** The idempotency key of a movement's gateway call: derived from the ledger row written before the call. */
export const movementKey = (movementId: string): string => `okb-deposit-${movementId}`;

/**
 * Security deposits (issue 21): created with the booking, the card saved with the booking fee, the hold placed
 * and renewed by the scheduler, released or captured by an admin at the return, released when the booking is
 * cancelled. Every gateway call is preceded by a committed ledger row whose id is the call's idempotency key and
 * followed by a conditional update of that row, so a crash in between is resumed, never doubled.
 */
@Injectable()
export class DepositsService implements OnModuleInit {
  private readonly logger = new Logger('Deposits');
  private kickTimer?: NodeJS.Timeout;
  /** Test seam: called after a gateway call returned, before its outcome is committed (a crash there is the drill's). */
  afterGatewayCall?: (movement: DepositMovementRow) => Promise<void> | void;

  constructor(
    private readonly txHost: TransactionHost,
    private readonly deposits: DepositsRepository,
    private readonly gateways: PaymentGateways,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    // The booking fee paid on the hosted page saved the card for this rental's deposit.
    this.payments.onSettled(async (payment, at, details) => {
      if (payment.kind !== 'booking_fee' || payment.status !== 'succeeded' || !details?.savedCard || !payment.rentalId) return;
      await this.deposits.saveCard(payment.rentalId, details.savedCard, at);
      this.kick();
    });
    // The gateway says a hold lapsed (signed notice): record it now instead of at the scheduler's next pass. The
    // notice only says where to look: checkExpired asks the gateway for the hold's state itself.
    this.payments.onDepositHoldNotice(async ({ provider, ref }) => {
      const hold = await this.deposits.holdByRef(provider, ref);
      if (!hold) {
        this.logger.warn(`${provider} says hold ${ref} lapsed; it is not a hold of this shop`);
        return;
      }
      await this.checkExpired(hold.rentalId);
    });
  }

  /** Runs the scheduler soon (outside the caller's transaction), e.g. when a booking fee saved a card. */
  private kick(): void {
    if (this.config.env.NODE_ENV === 'test' || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      void this.runDue().catch((e) => this.logger.error(`deposit run failed: ${loggableError(e)}`));
    }, 1000);
    this.kickTimer.unref();
  }

  private gateway(provider: string): DepositGateway {
    return this.gateways.require(provider).deposits;
  }

  /**
   * The link that lets the customer confirm a hold their bank asked about, where the gateway has no link of its own
   * (Stripe): `/api/rentals/deposits/confirm/<movement>?sig=<HMAC>`. Possessing it (sent to the customer's email and
   * shown in their My Rentals) is what allows starting the confirmation; the bank then authenticates the cardholder.
   */
  confirmationLink(movementId: string, step: 'start' | 'return' = 'start'): string {
    return `${this.siteOrigin()}/api/rentals/deposits/confirm/${movementId}${step === 'return' ? '/return' : ''}?sig=${this.linkSignature(movementId)}`;
  }

  private linkSignature(movementId: string): string {
    return createHmac('sha256', resolveJwtSecret(this.config.env)).update(`okay-bike/deposit-confirm/v1:${movementId}`).digest('base64url');
  }

  private validLink(movementId: string, sig: unknown): boolean {
    if (typeof sig !== 'string') return false;
    const want = Buffer.from(this.linkSignature(movementId));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /**
   * The customer followed the confirmation link: where to send their browser. The gateway's page (Stripe's 3-D
   * Secure) while the bank still wants them, else My Rentals, with the hold's outcome committed on the way (held,
   * or failed). A link that is not ours, or a hold no longer awaiting the customer, also lands on My Rentals.
   */
  async confirmationRedirect(movementId: string, sig: unknown, step: 'start' | 'return'): Promise<string | null> {
    if (!this.validLink(movementId, sig)) return null;
    const done = '/dashboard/rentals';
    const m = await this.deposits.movement(movementId);
    if (!m || m.status !== 'requires_action' || !m.providerRef) return done;
    const gateway = this.gateway(m.provider);
    if (step === 'start' && gateway.startConfirmation) {
      const { redirectUrl, result } = await gateway.startConfirmation({ ref: m.providerRef, returnUrl: this.confirmationLink(m.id, 'return') });
      if (redirectUrl) return redirectUrl;
      if (result.status !== 'requires_action') await this.finishHold(m, result);
      return done;
    }
    const status = await gateway.holdStatus(m.providerRef);
    if (status.status !== 'requires_action') await this.finishHold(m, status);
    return done;
  }

  private siteOrigin(): string {
    const env = this.config.env;
    return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
  }

  // ---------------------------------------------------------------- booking, counter, cancel (hooks)

  /** In the booking's transaction: the deposit is depositAmount x quantity, fixed now; the hold waits for the card. */
  async onBooked(rental: RentalRow, bike: Pick<BikeRow, 'depositAmountCents' | 'currency'>, addonsMinor = 0): Promise<void> {
    const amount = bike.depositAmountCents * rental.quantity + addonsMinor;
    if (amount <= 0) return;
    if (amount > MAX_MINOR) throw invalidField('quantity', 'The deposit for this many bikes is too large');
    const now = this.clock.now();
    const holdAt = new Date(Math.max(now.getTime(), rental.startTime.getTime() - this.config.env.DEPOSIT_HOLD_LEAD_HOURS * HOUR_MS));
    await this.deposits.insert({ rentalId: rental.id, amountMinor: amount, currency: bike.currency, provider: this.gateways.current().provider, holdAt, createdAt: now, updatedAt: now });
  }

  /** In the counter sale's transaction: the deposit taken at the counter (card terminal or cash), recorded as held. */
  async onCounterSale(rental: RentalRow, bike: Pick<BikeRow, 'depositAmountCents' | 'currency'>, method: CounterPaymentMethod, addonsMinor = 0): Promise<void> {
    const amount = bike.depositAmountCents * rental.quantity + addonsMinor;
    if (amount <= 0) return;
    if (amount > MAX_MINOR) throw invalidField('quantity', 'The deposit for this many bikes is too large');
    const now = this.clock.now();
    await this.deposits.insert({ rentalId: rental.id, amountMinor: amount, currency: bike.currency, provider: method, method, holdAt: now, status: 'held', heldMinor: amount, createdAt: now, updatedAt: now });
    const id = randomUUID();
    await this.deposits.insertMovement({
      id,
      rentalId: rental.id,
      kind: 'counter',
      status: 'succeeded',
      amountMinor: amount,
      currency: bike.currency,
      provider: method,
      idempotencyKey: movementKey(id),
      open: true,
      createdAt: now,
      completedAt: now,
    });
    await this.deposits.update(rental.id, { holdId: id });
    await this.events.rental('deposit.held', rental.id);
  }

  /** A cancelled rental's deposit is released at once (after the cancel committed). Safe to call for any rental. */
  async onCancelled(rentalId: string): Promise<void> {
    try {
      await this.releaseOpen(rentalId);
    } catch (e) {
      // The scheduler retries (ofCancelledRentals); the cancel itself stands.
      this.logger.error(`releasing the deposit of cancelled rental ${rentalId} failed: ${loggableError(e)}`);
    }
  }

  /** Releases whatever secures the deposit of a closed rental (no hold yet: nothing to do but mark it). */
  private async releaseOpen(rentalId: string): Promise<void> {
    const pendingOnly = await this.txHost.run(async () => {
      const d = await this.deposits.lock(rentalId);
      if (!d || (d.status !== 'pending' && d.status !== 'held')) return false;
      if (d.status === 'pending') {
        // A hold attempt in flight finds the deposit released and releases its hold (finishHold).
        await this.deposits.update(rentalId, { status: 'released', settledAt: this.clock.now(), updatedAt: this.clock.now(), attention: null });
        return true;
      }
      return undefined;
    });
    if (pendingOnly === undefined) await this.settle(rentalId, { kind: 'release' }).catch((e) => {
      if (e instanceof ConflictException) return;
      throw e;
    });
  }

  /**
   * The hold "at the latest when the bike is handed over": the counter's check-out places a pending hold now
   * (when the card was saved) instead of waiting for the scheduler. Answers the deposit as it stands after.
   */
  async holdNow(rentalId: string): Promise<DepositRow | undefined> {
    const d = await this.deposits.find(rentalId);
    if (d && d.status === 'pending' && d.cardRef) await this.placeHold(rentalId, 'first');
    return this.deposits.find(rentalId);
  }

  // ---------------------------------------------------------------- admin: capture / release

  /** POST rentals/{id}/deposit/capture: keeps `amount` (major units) of the held deposit, releases the rest. */
  async capture(rentalId: string, amount: unknown, reason: unknown): Promise<void> {
    if (typeof reason !== 'string' || !reason.trim()) throw invalidField('reason', 'reason is required: say why part of the deposit is kept');
    if (reason.length > 500) throw invalidField('reason', 'reason must be at most 500 characters');
    const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
    const currency = (await this.deposits.find(rentalId))?.currency ?? 'USD';
    const minor = typeof value === 'number' && Number.isFinite(value) && value > 0 ? toMinorExact(value, currency) : null;
    if (minor === null || minor <= 0) throw invalidField('amount', `amount must be a positive number with at most ${currencyExponent(currency)} decimals (${currency})`);
    await this.settle(rentalId, { kind: 'capture', amountMinor: minor, reason: reason.trim() });
  }

  /** POST rentals/{id}/deposit/release: gives the whole deposit back. */
  async release(rentalId: string): Promise<void> {
    await this.settle(rentalId, { kind: 'release' });
  }

  /**
   * Capture or release, once: the ledger row is inserted under the deposit's row lock, and the database's unique
   * indexes (one capture per rental, one close per hold) refuse a second one, even from another instance.
   */
  private async settle(rentalId: string, op: { kind: 'capture'; amountMinor: number; reason: string } | { kind: 'release' }): Promise<void> {
    const movement = await this.txHost.run(async () => {
      const d = await this.deposits.lock(rentalId);
      if (!d) throw new ConflictException({ message: 'This rental has no deposit', code: 'NO_DEPOSIT' });
      if (SETTLED.has(d.status)) throw depositSettled();
      if (d.status !== 'held' || !d.holdId) throw notHeld();
      if (op.kind === 'capture' && op.amountMinor > d.heldMinor) throw invalidField('amount', 'amount must not exceed the held deposit');
      const hold = (await this.deposits.movement(d.holdId))!;
      const id = randomUUID();
      // A fallback charge is settled by refunding what is not kept.
      const kind = hold.kind === 'charge' && op.kind === 'release' ? 'refund' : op.kind;
      try {
        return await this.txHost.run(
          async () =>
            this.deposits.insertMovement({
              id,
              rentalId,
              kind,
              amountMinor: op.kind === 'capture' ? op.amountMinor : hold.amountMinor,
              currency: d.currency,
              provider: hold.provider,
              providerRef: hold.providerRef,
              targetId: hold.id,
              idempotencyKey: movementKey(id),
              reason: op.kind === 'capture' ? op.reason : null,
              createdAt: this.clock.now(),
            }),
        );
      } catch (e) {
        if (isUniqueViolation(e)) throw depositSettled();
        throw e;
      }
    }).catch((e) => {
      // The unique violation aborted the transaction: it surfaces here on PostgreSQL.
      if (isUniqueViolation(e)) throw depositSettled();
      throw e;
    });
    await this.executeSettlement(movement);
  }

  /**
   * Performs a capture, release or refund at the gateway (or records it for a counter deposit) and commits the
   * outcome, as steps (issue 24):
   * 1. the ledger row, committed before (its id is the call's idempotency key): undo marks it failed and flags the
   *    deposit for Payment Attention;
   * 2. the gateway call: its failure undoes step 1 and answers 502 (a simulated crash undoes nothing: the row stays
   *    pending and the scheduler resumes it with the same key);
   * 3. the outcome committed, past the point of no return: the money moved, so a failure here is never undone, it
   *    leaves the row pending for the scheduler's resume (the gateway answers the first outcome again).
   */
  private async executeSettlement(movement: DepositMovementRow): Promise<void> {
    const hold = (await this.deposits.movement(movement.targetId!))!;
    await runSteps(
      `deposit ${movement.kind}`,
      this.logger,
      async (flow) => {
        await flow.step(this.settlementLedgerStep, movement);
        await flow.step(this.settlementCallStep, { movement, hold });
      },
      { keepOn: (e) => e instanceof CrashSimulation },
    );
    await this.commitSettlement(movement, hold);
  }

  private readonly settlementLedgerStep = createStep(
    'the ledger row of the settlement (committed)',
    async (movement: DepositMovementRow) => movement,
    async (movement, _input, cause) => {
      const error = cause instanceof BadGatewayException && cause.cause !== undefined ? cause.cause : cause;
      await this.txHost.run(async () => {
        await this.deposits.lock(movement.rentalId);
        await this.deposits.finishMovement(movement.id, { status: 'failed', error: String((error as Error).message ?? error).slice(0, 500), completedAt: this.clock.now() });
        await this.deposits.update(movement.rentalId, { attention: DEPOSIT_ATTENTION.gatewayError, updatedAt: this.clock.now() });
      });
    },
  );

  private readonly settlementCallStep = createStep(
    'the settlement at the gateway',
    async ({ movement, hold }: { movement: DepositMovementRow; hold: DepositMovementRow }): Promise<void> => {
      try {
        if (hold.kind === 'hold') {
          const gateway = this.gateway(hold.provider);
          if (movement.kind === 'capture') await gateway.captureHold({ key: movementKey(movement.id), ref: hold.providerRef!, amountMinor: movement.amountMinor, currency: movement.currency });
          else await gateway.releaseHold({ key: movementKey(movement.id), ref: hold.providerRef! });
        } else if (hold.kind === 'charge') {
          const rest = hold.amountMinor - (movement.kind === 'capture' ? movement.amountMinor : 0);
          if (rest > 0) await this.gateway(hold.provider).refundCharge({ key: movementKey(movement.id), ref: hold.providerRef!, amountMinor: rest, currency: movement.currency });
        }
        // counter deposits: the money is in the till; the ledger records what was kept or given back.
        await this.afterGatewayCall?.(movement);
      } catch (e) {
        if (e instanceof CrashSimulation) throw e;
        this.logger.error(`deposit ${movement.kind} ${movement.id} at ${hold.provider} failed: ${loggableError(e)}`);
        throw new BadGatewayException({ message: 'The payment gateway could not settle the deposit, please try again in a moment', code: 'PAYMENT_GATEWAY_ERROR' }, { cause: e });
      }
    },
  );

  /** The settlement's outcome: the ledger row succeeded, the hold closed, the deposit captured or released, its event. */
  private async commitSettlement(movement: DepositMovementRow, hold: DepositMovementRow): Promise<void> {
    await this.txHost.run(async () => {
      const now = this.clock.now();
      // The deposit's row first, like every other writer (a capture racing this commit waits here, not in a deadlock).
      const d = (await this.deposits.lock(movement.rentalId))!;
      const done = await this.deposits.finishMovement(movement.id, { status: 'succeeded', completedAt: now });
      if (!done) return;
      await this.deposits.updateMovement(hold.id, { open: false });
      if (d.holdId !== hold.id) return; // a replaced hold's release: the deposit is covered by the newer one
      if (movement.kind === 'capture') {
        const full = movement.amountMinor >= d.heldMinor;
        await this.deposits.update(d.rentalId, {
          status: full ? 'captured' : 'partially_captured',
          capturedMinor: movement.amountMinor,
          reason: movement.reason,
          settledAt: now,
          updatedAt: now,
          attention: null,
        });
        await this.events.rental('deposit.captured', d.rentalId);
      } else {
        await this.deposits.update(d.rentalId, { status: 'released', settledAt: now, updatedAt: now, attention: null });
        await this.events.rental('deposit.released', d.rentalId);
      }
    });
  }

  // ---------------------------------------------------------------- the scheduler's work

  /**
   * One pass: resume interrupted movements, place the holds that are due, renew the ones about to lapse (a new
   * hold first, then the old one released), record expired ones, release deposits of cancelled rentals.
   */
  async runDue(limit = 200): Promise<void> {
    const now = this.clock.now();
    for (const m of await this.deposits.stuckMovements(new Date(now.getTime() - STUCK_AFTER_MS), limit)) await this.guard(() => this.resume(m));
    for (const id of await this.deposits.dueForHold(now, limit)) await this.guard(() => this.placeHold(id, 'first'));
    const margin = this.config.env.DEPOSIT_REAUTH_MARGIN_HOURS * HOUR_MS;
    for (const id of await this.deposits.dueForReauth(new Date(now.getTime() + margin), limit)) await this.guard(() => this.placeHold(id, 'reauth'));
    for (const id of await this.deposits.ofCancelledRentals(limit)) await this.guard(() => this.releaseOpen(id));
    for (const id of await this.deposits.dueForReauth(now, limit, true)) await this.guard(() => this.checkExpired(id));
  }

  /** A hold past its capture window that could not be renewed: the network cancelled it; recorded as expired. */
  private async checkExpired(rentalId: string): Promise<void> {
    const d = await this.deposits.find(rentalId);
    if (!d || d.status !== 'held' || d.method !== 'hold' || !d.holdId) return;
    const hold = (await this.deposits.movement(d.holdId))!;
    const status = await this.gateway(hold.provider).holdStatus(hold.providerRef!);
    if (status.status !== 'expired') return;
    await this.txHost.run(async () => {
      const now = this.clock.now();
      const locked = await this.deposits.lock(rentalId);
      if (!locked || locked.status !== 'held' || locked.holdId !== hold.id) return;
      const id = randomUUID();
      try {
        await this.deposits.insertMovement({
          id, rentalId, kind: 'expire', status: 'succeeded', amountMinor: hold.amountMinor, currency: hold.currency, provider: hold.provider,
          providerRef: hold.providerRef, targetId: hold.id, idempotencyKey: movementKey(id), createdAt: now, completedAt: now,
        });
      } catch (e) {
        if (isUniqueViolation(e)) return;
        throw e;
      }
      await this.deposits.updateMovement(hold.id, { open: false });
      await this.deposits.update(rentalId, { status: 'expired', settledAt: now, updatedAt: now, attention: DEPOSIT_ATTENTION.holdFailed });
      await this.events.rental('deposit.failed', rentalId);
    });
  }

  private async guard(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (e) {
      if (e instanceof CrashSimulation) throw e;
      this.logger.error(`deposit job failed: ${loggableError(e)}`);
    }
  }

  /** A movement left pending (crash) is sent again with its own key: the gateway answers the first outcome. */
  private async resume(m: DepositMovementRow): Promise<void> {
    if (m.kind === 'hold' || m.kind === 'charge') {
      if (m.status === 'requires_action' && m.providerRef) {
        const status = await this.gateway(m.provider).holdStatus(m.providerRef);
        if (status.status !== 'requires_action') await this.finishHold(m, status);
        return;
      }
      if (m.status === 'pending') await this.callHold(m);
      return;
    }
    if (m.status === 'pending') await this.executeSettlement(m).catch((e) => {
      if (e instanceof BadGatewayException) return;
      throw e;
    });
  }

  /** Starts a hold (first or renewal) for a deposit nobody else is working on (SKIP LOCKED). */
  private async placeHold(rentalId: string, mode: 'first' | 'reauth'): Promise<void> {
    const movement = await this.txHost.run(
      async () => {
        const d = await this.deposits.lock(rentalId, true);
        if (!d || !d.cardRef) return undefined;
        if (mode === 'first' ? d.status !== 'pending' : d.status !== 'held') return undefined;
        const inFlight = await this.deposits.attemptInFlight(rentalId);
        if (inFlight) return inFlight.status === 'pending' ? inFlight : undefined;
        const id = randomUUID();
        return this.deposits.insertMovement({
          id,
          rentalId,
          kind: 'hold',
          amountMinor: d.amountMinor,
          currency: d.currency,
          provider: d.provider,
          idempotencyKey: movementKey(id),
          initiator: 'merchant',
          createdAt: this.clock.now(),
        });
      },
      { own: true },
    );
    if (movement) await this.callHold(movement);
  }

  /** The gateway call of a hold or fallback charge, then its outcome committed. */
  private async callHold(m: DepositMovementRow): Promise<void> {
    const d = (await this.deposits.find(m.rentalId))!;
    const request = {
      key: movementKey(m.id),
      amountMinor: m.amountMinor,
      currency: m.currency,
      cardRef: d.cardRef!,
      initiator: 'merchant' as const,
      description: `Security deposit, rental ${m.rentalId}`,
      metadata: { rentalId: m.rentalId, movementId: m.id },
      siteOrigin: this.siteOrigin(),
    };
    const gateway = this.gateway(m.provider);
    let result: DepositHoldResult;
    if (m.kind === 'charge') {
      const charged = await gateway.chargeOffSession(request);
      result = { ref: charged.ref, status: charged.status === 'succeeded' ? 'held' : charged.status, error: charged.error };
    } else {
      result = await gateway.placeHold(request);
    }
    await this.afterGatewayCall?.(m);
    await this.finishHold(m, result);
  }

  /** Commits a hold's (or fallback charge's) outcome, then releases what it replaced, or falls back when a renewal failed. */
  private async finishHold(m: DepositMovementRow, result: DepositHoldResult): Promise<void> {
    const after = await this.txHost.run(async () => {
      const now = this.clock.now();
      const d = (await this.deposits.lock(m.rentalId))!;
      const held = result.status === 'held';
      const status = held ? 'succeeded' : result.status === 'requires_action' ? 'requires_action' : 'failed';
      const replaces = d.status === 'held' && d.holdId && d.holdId !== m.id ? d.holdId : null;
      const stillWanted = d.status === 'pending' || d.status === 'held';
      const done = await this.deposits.finishMovement(m.id, {
        status,
        providerRef: result.ref || m.providerRef,
        captureBefore: result.captureBefore ?? null,
        extendedAuthorization: result.extended ?? false,
        // Stripe hands out no lasting link: the customer gets the shop's (confirmationLink), which asks Stripe then.
        actionUrl: status === 'requires_action' ? (this.gateway(m.provider).startConfirmation ? this.confirmationLink(m.id) : (result.actionUrl ?? null)) : null,
        error: result.error ?? null,
        // The replaced hold keeps the "active" place until this one takes it below.
        open: false,
        completedAt: status === 'requires_action' ? null : now,
      });
      if (!done) return { release: [] as DepositMovementRow[], fallback: false };
      if (!held) {
        if (status === 'requires_action') {
          if (stillWanted) {
            await this.deposits.update(d.rentalId, { attention: DEPOSIT_ATTENTION.requiresAction, updatedAt: now });
            await this.events.rental('deposit.confirmation_needed', d.rentalId);
          }
          return { release: [], fallback: false };
        }
        if (!stillWanted) return { release: [], fallback: false };
        if (replaces && m.kind === 'hold') {
          // The renewal was declined: charge the deposit instead (refunded after the return).
          await this.deposits.update(d.rentalId, { attention: DEPOSIT_ATTENTION.reauthFailed, updatedAt: now });
          return { release: [], fallback: true };
        }
        await this.deposits.update(d.rentalId, {
          status: replaces ? 'held' : 'failed',
          attention: m.kind === 'charge' ? DEPOSIT_ATTENTION.reauthFailed : DEPOSIT_ATTENTION.holdFailed,
          updatedAt: now,
        });
        await this.events.rental('deposit.failed', d.rentalId);
        return { release: [], fallback: false };
      }
      if (!stillWanted) {
        // Settled or cancelled meanwhile: this hold is not needed; it is released right away.
        await this.deposits.updateMovement(m.id, { open: true, replacedBy: m.id });
        return { release: [{ ...done, open: true }], fallback: false };
      }
      // Held: the replaced hold steps aside first (one active hold per rental), then this one is open.
      if (replaces) await this.deposits.updateMovement(replaces, { replacedBy: m.id });
      await this.deposits.updateMovement(m.id, { open: true });
      await this.deposits.update(d.rentalId, {
        status: 'held',
        method: m.kind === 'charge' ? 'charge' : 'hold',
        holdId: m.id,
        heldMinor: m.amountMinor,
        captureBefore: m.kind === 'charge' ? null : (result.captureBefore ?? null),
        attention: m.kind === 'charge' ? DEPOSIT_ATTENTION.fallbackCharge : null,
        updatedAt: now,
      });
      if (!replaces) await this.events.rental('deposit.held', d.rentalId);
      else if (m.kind === 'charge') await this.events.rental('deposit.fallback_charged', d.rentalId);
      return { release: replaces ? [(await this.deposits.movement(replaces))!] : [], fallback: false };
    });
    for (const old of after.release) await this.releaseReplaced(old);
    if (after.fallback) await this.fallbackCharge(m.rentalId);
  }

  /** Releases a hold that a newer hold (or charge) replaced: the deposit stays covered by the newer one. */
  private async releaseReplaced(old: DepositMovementRow): Promise<void> {
    let movement: DepositMovementRow;
    try {
      const id = randomUUID();
      movement = await this.txHost.run(() =>
        this.deposits.insertMovement({
          id,
          rentalId: old.rentalId,
          kind: 'release',
          amountMinor: old.amountMinor,
          currency: old.currency,
          provider: old.provider,
          providerRef: old.providerRef,
          targetId: old.id,
          idempotencyKey: movementKey(id),
          reason: 'replaced by a new hold',
          createdAt: this.clock.now(),
        }),
      );
    } catch (e) {
      if (isUniqueViolation(e)) return; // already closed (captured by an admin, or released)
      throw e;
    }
    await this.executeSettlement(movement);
  }

  /** A renewal was declined: the deposit is charged off-session (refunded after the return), then the old hold released. */
  private async fallbackCharge(rentalId: string): Promise<void> {
    const movement = await this.txHost.run(async () => {
      const d = await this.deposits.lock(rentalId);
      if (!d || d.status !== 'held' || (await this.deposits.attemptInFlight(rentalId))) return undefined;
      const id = randomUUID();
      return this.deposits.insertMovement({
        id,
        rentalId,
        kind: 'charge',
        amountMinor: d.amountMinor,
        currency: d.currency,
        provider: d.provider,
        idempotencyKey: movementKey(id),
        initiator: 'merchant',
        createdAt: this.clock.now(),
      });
    });
    if (movement) await this.callHold(movement);
  }

  // ---------------------------------------------------------------- reading

  find(rentalId: string): Promise<DepositRow | undefined> {
    return this.deposits.find(rentalId);
  }

  movements(rentalId: string): Promise<DepositMovementRow[]> {
    return this.deposits.movements(rentalId);
  }

  /** Deposits for Payment Attention: failures, fallback charges, confirmations awaited, holds lapsing within a day. */
  attention(limit = 200): Promise<DepositRow[]> {
    return this.deposits.attention(new Date(this.clock.now().getTime() + 24 * HOUR_MS), limit);
  }

  /** The ledger in words, for Payment Attention. */
  async describeMovements(rentalId: string): Promise<string[]> {
    const list = await this.deposits.movements(rentalId);
    return list.map((m) => {
      const what = m.kind === 'hold' && list.some((o) => o.replacedBy === m.id && o.id !== m.id) ? 'hold (re-authorisation)' : m.kind === 'charge' ? 'fallback charge' : m.kind;
      return `${what}: ${m.status}${m.error ? ` (${m.error})` : ''}, ${(m.completedAt ?? m.createdAt).toISOString()}`;
    });
  }
}

/** Thrown by the crash drill's afterGatewayCall to stop a call's commit (as kill -9 would). */
export class CrashSimulation extends Error {}
