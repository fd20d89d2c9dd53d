import { jest } from '@jest/globals';
/**
 * Issue 11 item 7: money the gateway reports after a booking lapsed is refunded automatically and stays visible to
 * admins; a refund the gateway refuses is listed for an admin to handle. GET /api/payments/attention answers each
 * with its rental, customer, amount, status and the links to its documents.
 */
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { HoldSweeper } from '../../src/modules/rentals/hold-sweeper.service.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import {
  book,
  bookAndPay,
  HOUR,
  MINUTE,
  paymentsOf,
  postSandboxWebhook,
  rentalTestEnv,
  sandboxNotification,
  sessionRefOf,
} from '../support/rental-factories.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Payments needing attention', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(rentalTestEnv);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    jest.restoreAllMocks();
    admin = await createAdmin(t);
  });

  const attention = async () => (await t.http().get('/api/payments/attention').set('Authorization', admin.bearer).expect(200)).body.data;
  const refundThrows = () => {
    const gateway = t.app.get(PaymentGateways).get('sandbox')!;
    return jest.spyOn(gateway, 'refund').mockRejectedValue(new Error('the gateway refused the refund'));
  };

  /** A booking left unpaid until the sweep cancels it, then paid at the gateway anyway. */
  async function paidAfterItLapsed(user: TestUser, bikeName: string) {
    const bike = await createBike(t, { name: bikeName, quantity: 1 });
    const booked = (await book(t, user, bike.id).expect(201)).body.data;
    t.clock.advance(20 * MINUTE);
    await t.app.get(HoldSweeper).sweep();
    const notice = sandboxNotification(t, sessionRefOf(booked.payment_url));
    await postSandboxWebhook(t, notice).expect(200);
    return { rentalId: booked.rental._id as string, reference: booked.rental.paymentId as string, paymentId: booked.payment._id as string };
  }

  it('a late payment refunded automatically stays listed (no longer needing action) with its customer and documents', async () => {
    const user = await createUser(t, { name: 'Late Payer', email: 'late@example.com' });
    const late = await paidAfterItLapsed(user, 'Bajaj Pulsar N160');
    const noticeAt = t.clock.now().getTime();
    const [row] = await attention();
    // Dated when the late notice came (after the sweep, before this read).
    expect(Date.parse(row.paidAfterCloseAt)).toBeLessThanOrEqual(noticeAt);
    expect(Date.parse(row.paidAfterCloseAt)).toBeGreaterThan(noticeAt - 20 * MINUTE);
    expect(row).toMatchObject({
      _id: late.paymentId,
      kind: 'booking_fee',
      amount: 100,
      currency: 'BDT',
      status: 'refunded',
      attention: null,
      customer: { _id: user.id, name: 'Late Payer', email: 'late@example.com' },
      rental: { _id: late.rentalId, paymentId: late.reference, bikeName: 'Bajaj Pulsar N160', status: 'cancelled' },
      receiptUrl: `/api/payments/${late.paymentId}/receipt`,
      invoiceUrl: `/api/rentals/${late.rentalId}/invoice`,
    });
    // Admins download both through the links.
    for (const url of [row.receiptUrl, row.invoiceUrl]) {
      const pdf = await t.http().get(url).set('Authorization', admin.bearer).buffer(true).parse(binary).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('a late payment whose refund the gateway refuses is listed as refund_failed, without a receipt (it was never recorded as paid)', async () => {
    const refund = refundThrows();
    const user = await createUser(t, { email: 'unlucky@example.com' });
    const late = await paidAfterItLapsed(user, 'TVS Apache');
    expect(refund).toHaveBeenCalledTimes(1);
    const list = await attention();
    expect(list).toEqual([
      expect.objectContaining({
        _id: late.paymentId,
        status: 'expired',
        attention: 'refund_failed',
        paidAfterCloseAt: expect.any(String),
        customer: expect.objectContaining({ email: 'unlucky@example.com' }),
        receiptUrl: null,
        invoiceUrl: null,
      }),
    ]);
    const [fee] = await paymentsOf(t, late.rentalId);
    expect(fee).toMatchObject({ status: 'expired', attention: 'refund_failed', refundedAt: null });
  });

  it('a free cancellation whose refund throws is listed first, before the late payments already refunded', async () => {
    const early = await createUser(t, { email: 'early@example.com' });
    await paidAfterItLapsed(early, 'Refunded fine');
    const user = await createUser(t, { email: 'cancel@example.com' });
    const bike = await createBike(t, { name: 'Hero Hunk', quantity: 1 });
    const { rental, paymentId } = await bookAndPay(t, user, bike.id, { startTime: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString() });
    refundThrows();
    const cancelled = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'succeeded' } });
    const list = await attention();
    expect(list.map((p: { customer: { email: string } }) => p.customer.email)).toEqual(['cancel@example.com', 'early@example.com']);
    expect(list[0]).toMatchObject({
      _id: paymentId,
      status: 'succeeded',
      attention: 'refund_failed',
      paidAfterCloseAt: null,
      rental: { _id: rental._id, bikeName: 'Hero Hunk', status: 'cancelled' },
      receiptUrl: `/api/payments/${paymentId}/receipt`,
      invoiceUrl: `/api/rentals/${rental._id}/invoice`,
    });
    expect(list[1]).toMatchObject({ status: 'refunded', attention: null });
  });
});
