import { Clock } from '../../common/clock.js';
import { captureWindowMs, SANDBOX_CARDS, sandboxCardRef, SandboxDepositGateway } from './sandbox-deposits.js';

const DAY = 24 * 3_600_000;
const card = (id: string) => SANDBOX_CARDS.find((c) => c.id === id)!;
const request = (cardId: string, key: string) => ({
  key,
  amountMinor: 30000,
  currency: 'USD',
  cardRef: sandboxCardRef(cardId),
  initiator: 'merchant' as const,
  description: 'Security deposit',
  metadata: { rentalId: 'r', movementId: 'm' },
  siteOrigin: 'https://shop.example',
});

describe('SandboxDepositGateway (behaves like Stripe)', () => {
  it('capture windows per brand and initiator: Visa 5 days merchant / 7 customer, Mastercard and Amex 7, longer hold 30', () => {
    expect(captureWindowMs(card('visa'), 'merchant')).toBe(5 * DAY);
    expect(captureWindowMs(card('visa'), 'customer')).toBe(7 * DAY);
    expect(captureWindowMs(card('mastercard'), 'merchant')).toBe(7 * DAY);
    expect(captureWindowMs(card('visa_extended'), 'merchant')).toBe(30 * DAY);
    expect(captureWindowMs(card('amex'), 'merchant')).toBe(30 * DAY);
  });

  it('a repeated idempotency key answers the first hold; one partial capture releases the rest; a lapsed hold expires by the clock', async () => {
    const clock = new Clock();
    const gw = new SandboxDepositGateway(clock);
    const first = await gw.placeHold(request('visa', 'k1'));
    expect(await gw.placeHold(request('visa', 'k1'))).toEqual(first);
    expect(gw.authorisations).toBe(1);
    await gw.captureHold({ key: 'c1', ref: first.ref, amountMinor: 4500, currency: 'USD' });
    expect(gw.intent(first.ref)).toMatchObject({ status: 'succeeded', capturedMinor: 4500 });
    await expect(gw.captureHold({ key: 'c2', ref: first.ref, amountMinor: 100, currency: 'USD' })).rejects.toThrow(/cannot be captured/);

    const second = await gw.placeHold(request('mastercard', 'k2'));
    clock.advance(7 * DAY);
    expect((await gw.holdStatus(second.ref)).status).toBe('expired');
  });

  it('declines, asks for confirmation, and declines a second open hold on the one-hold card', async () => {
    const gw = new SandboxDepositGateway(new Clock());
    expect((await gw.placeHold(request('declined', 'd'))).status).toBe('failed');
    expect((await gw.chargeOffSession(request('declined', 'dc'))).status).toBe('failed');
    const action = await gw.placeHold(request('confirm', 'a'));
    expect(action).toMatchObject({ status: 'requires_action', actionUrl: `https://shop.example/api/payments/sandbox/deposit/${action.ref}` });
    expect(gw.confirm(action.ref)).toMatchObject({ status: 'held' });
    expect((await gw.placeHold(request('one_hold', 'o1'))).status).toBe('held');
    expect((await gw.placeHold(request('one_hold', 'o2'))).status).toBe('failed');
    expect((await gw.chargeOffSession(request('one_hold', 'o3'))).status).toBe('succeeded');
  });
});
