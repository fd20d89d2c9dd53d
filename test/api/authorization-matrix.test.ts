import jwt from 'jsonwebtoken';
import { Fixture, seedScenario } from '../support/scenario.js';
import { TestApp, usingPostgres, useTestApp } from '../support/test-app.js';

/**
 * Every route of the running app x every kind of caller. A route the app serves that has no row here fails
 * the test, so a new endpoint cannot ship without deciding who may call it.
 */
type Identity = 'anonymous' | 'expired' | 'wrongKey' | 'algNone' | 'editedRole' | 'userB' | 'admin' | 'userA';
const NIL_UUID = '00000000-0000-4000-8000-000000000000';
// Destructive calls of the allowed callers come last, after every refusal was checked on intact fixtures.
const IDENTITIES: Identity[] = ['anonymous', 'expired', 'wrongKey', 'algNone', 'editedRole', 'userB', 'admin', 'userA'];
const BAD_TOKENS: Identity[] = ['expired', 'wrongKey', 'algNone', 'editedRole'];

/** 'public': any caller, never 401/403 and never 5xx. Otherwise the exact status for A, B and the admin. */
type Expectation = 'public' | { userA: number; userB: number; admin: number };
interface RouteCase {
  request: (f: Fixture) => { path: string; body?: unknown; form?: Record<string, string> };
  expect: Expectation;
}

const NO_ID = '00000000-0000-4000-8000-000000000000';
const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

const ROUTES: Record<string, RouteCase> = {
  'GET /api/docs': { request: () => ({ path: '/api/docs' }), expect: 'public' },
  'GET /api/docs/': { request: () => ({ path: '/api/docs/' }), expect: 'public' },
  'GET /api/docs/index.html': { request: () => ({ path: '/api/docs/index.html' }), expect: 'public' },
  'GET /api/docs/LICENSE': { request: () => ({ path: '/api/docs/LICENSE' }), expect: 'public' },
  'GET /api/docs/swagger-ui-init.js': { request: () => ({ path: '/api/docs/swagger-ui-init.js' }), expect: 'public' },
  'GET /api/docs/docs/swagger-ui-init.js': { request: () => ({ path: '/api/docs/docs/swagger-ui-init.js' }), expect: 'public' },
  'GET /api/docs-json': { request: () => ({ path: '/api/docs-json' }), expect: 'public' },
  'GET /api/docs-yaml': { request: () => ({ path: '/api/docs-yaml' }), expect: 'public' },
  'POST /api/auth/signup': {
    request: () => ({ path: '/api/auth/signup', body: { name: 'N', email: `n${Math.random()}@example.com`, password: 'secret-123', phone: '1', address: 'A' } }),
    expect: 'public',
  },
  'POST /api/auth/login': { request: (f) => ({ path: '/api/auth/login', body: { email: f.c.email, password: f.c.password } }), expect: 'public' },
  'GET /api/auth/session': { request: () => ({ path: '/api/auth/session' }), expect: 'public' },
  'POST /api/auth/logout': { request: () => ({ path: '/api/auth/logout' }), expect: 'public' },
  'GET /api/health': { request: () => ({ path: '/api/health' }), expect: 'public' },
  'GET /api/health/ready': { request: () => ({ path: '/api/health/ready' }), expect: 'public' },
  // The embedded database's online backup (npm run backup); on a PostgreSQL server pg_dump does it: 409.
  'GET /api/admin/backup/embedded': { request: () => ({ path: '/api/admin/backup/embedded' }), expect: { userA: 403, userB: 403, admin: usingPostgres() ? 409 : 200 } },
  'GET /api/users/me': { request: () => ({ path: '/api/users/me' }), expect: { userA: 200, userB: 200, admin: 200 } },
  'PUT /api/users/me': { request: () => ({ path: '/api/users/me', body: { phone: '+880 1999' } }), expect: { userA: 200, userB: 200, admin: 200 } },
  // A wrong current password (400): a right one would end the sessions the other rows use.
  'PUT /api/users/me/password': {
    request: () => ({ path: '/api/users/me/password', body: { currentPassword: 'not-the-password', newPassword: 'whatever-1' } }),
    expect: { userA: 400, userB: 400, admin: 400 },
  },
  'GET /api/users/allusers': { request: () => ({ path: '/api/users/allusers?page=1&limit=3' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'PUT /api/users/:id/role': { request: (f) => ({ path: `/api/users/${f.c.id}/role` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'DELETE /api/users/:id': { request: (f) => ({ path: `/api/users/${f.c.id}` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/bikes': { request: () => ({ path: '/api/bikes?page=1&limit=3' }), expect: 'public' },
  'GET /api/bikes/related/:id': { request: (f) => ({ path: `/api/bikes/related/${f.bike}` }), expect: 'public' },
  'GET /api/bikes/:id': { request: (f) => ({ path: `/api/bikes/${f.bike}` }), expect: 'public' },
  'POST /api/bikes': {
    request: () => ({
      path: '/api/bikes',
      body: { name: 'New', description: 'A new bike', pricePerHour: 9.5, cc: 150, year: 2024, model: 'M', brand: 'B', imgageurl: '/images/bikes/sport-red.svg', quantity: 2 },
    }),
    expect: { userA: 403, userB: 403, admin: 201 },
  },
  'PUT /api/bikes/:id': {
    request: (f) => ({
      path: `/api/bikes/${f.spareBike}`,
      body: { name: 'Renamed', description: 'Still a bike', pricePerHour: 10, cc: 150, year: 2024, model: 'M', brand: 'B', imgageurl: '/images/bikes/sport-red.svg', quantity: 2 },
    }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'DELETE /api/bikes/:id': { request: (f) => ({ path: `/api/bikes/${f.spareBike}` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/bikes/:id/quote': {
    request: (f) => ({ path: `/api/bikes/${f.bike}/quote?startTime=${encodeURIComponent(future())}&endTime=${encodeURIComponent(new Date(Date.now() + 4 * 86_400_000).toISOString())}` }),
    expect: 'public',
  },
  'GET /api/bikes/:id/availability': {
    request: (f) => ({ path: `/api/bikes/${f.bike}/availability?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(future())}` }),
    expect: 'public',
  },
  'GET /api/bikes/:id/timeline': {
    request: (f) => ({ path: `/api/bikes/${f.bike}/timeline?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(future())}` }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'GET /api/bikes/:id/units': { request: (f) => ({ path: `/api/bikes/${f.bike}/units` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/bikes/:id/units': { request: (f) => ({ path: `/api/bikes/${f.bike}/units`, body: { label: 'FRAME-1' } }), expect: { userA: 403, userB: 403, admin: 201 } },
  'PATCH /api/units/:unitId': { request: (f) => ({ path: `/api/units/${f.unit}`, body: { notes: 'Checked' } }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/units/:unitId/maintenance': {
    request: (f) => ({
      path: `/api/units/${f.unit}/maintenance`,
      body: { start: new Date(Date.now() + 20 * 86_400_000).toISOString(), end: new Date(Date.now() + 21 * 86_400_000).toISOString(), reason: 'Tyres' },
    }),
    expect: { userA: 403, userB: 403, admin: 201 },
  },
  'DELETE /api/units/:unitId/maintenance/:blockId': {
    request: (f) => ({ path: `/api/units/${f.unit}/maintenance/${f.block}` }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'POST /api/rentals/counter': {
    request: (f) => ({ path: '/api/rentals/counter', body: { customerEmail: f.c.email, bikeId: f.bike, startTime: future(), quantity: 1, paymentMethod: 'cash', paid: false } }),
    expect: { userA: 403, userB: 403, admin: 201 },
  },
  // Issue 21: admin only; the fixture's rental has no deposit (409 NO_DEPOSIT once authorised).
  'POST /api/rentals/:id/deposit/capture': {
    request: (f) => ({ path: `/api/rentals/${f.bookedRental}/deposit/capture`, body: { amount: 1, reason: 'Scratch' } }),
    expect: { userA: 403, userB: 403, admin: 409 },
  },
  'GET /api/rentals/deposits/attention': { request: () => ({ path: '/api/rentals/deposits/attention' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/rentals/:id/deposit/release': { request: (f) => ({ path: `/api/rentals/${f.bookedRental}/deposit/release` }), expect: { userA: 403, userB: 403, admin: 409 } },
  'POST /api/rentals/:id/cancel': { request: (f) => ({ path: `/api/rentals/${f.futureRental}/cancel` }), expect: { userA: 200, userB: 404, admin: 403 } },
  // futureRental's fee is paid: its owner gets past the access rules to the 409 ALREADY_PAID.
  'POST /api/rentals/:id/booking-fee': { request: (f) => ({ path: `/api/rentals/${f.futureRental}/booking-fee` }), expect: { userA: 409, userB: 404, admin: 403 } },
  'POST /api/rentals/:id/reschedule': {
    request: (f) => ({ path: `/api/rentals/${f.futureRental}/reschedule`, body: { startTime: new Date(Date.now() + 5 * 86_400_000).toISOString() } }),
    expect: { userA: 200, userB: 404, admin: 403 },
  },
  'GET /api/payments/attention': { request: () => ({ path: '/api/payments/attention' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/favourite': { request: (f) => ({ path: '/api/favourite', body: { bikeId: f.spareBike } }), expect: { userA: 201, userB: 201, admin: 403 } },
  'GET /api/favourite': { request: () => ({ path: '/api/favourite' }), expect: { userA: 200, userB: 200, admin: 200 } },
  'DELETE /api/favourite/:bikeId': { request: (f) => ({ path: `/api/favourite/${f.bike}` }), expect: { userA: 200, userB: 200, admin: 200 } },
  'POST /api/rentals': { request: (f) => ({ path: '/api/rentals', body: { bikeId: f.bike, startTime: future(), quantity: 1 } }), expect: { userA: 201, userB: 201, admin: 403 } },
  'GET /api/rentals': { request: () => ({ path: '/api/rentals' }), expect: { userA: 200, userB: 200, admin: 403 } },
  'GET /api/rentals/allrentalbike': { request: () => ({ path: '/api/rentals/allrentalbike' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/rentals/rentalpayment': { request: () => ({ path: '/api/rentals/rentalpayment' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/rentals/trans/:id': { request: (f) => ({ path: `/api/rentals/trans/${f.returnedRental.ref}` }), expect: { userA: 200, userB: 404, admin: 403 } },
  'GET /api/rentals/:id/return-preview': {
    request: (f) => ({ path: `/api/rentals/${f.bookedRental}/return-preview?returntime=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}` }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'PUT /api/rentals/:id/return': {
    request: (f) => ({ path: `/api/rentals/${f.bookedRental}/return?returntime=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}` }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'POST /api/rentals/fullpayment': {
    request: (f) => ({ path: '/api/rentals/fullpayment', body: { paymentId: f.returnedRental.ref, totalCost: f.returnedRental.cost } }),
    expect: { userA: 200, userB: 404, admin: 403 },
  },
  'GET /api/payments/:id': { request: (f) => ({ path: `/api/payments/${f.feePayment}` }), expect: { userA: 200, userB: 404, admin: 200 } },
  // Public by the payment's unguessable id, the payment line only (issue 12).
  'GET /api/payments/:id/status': { request: (f) => ({ path: `/api/payments/${f.feePayment}/status` }), expect: 'public' },
  'POST /api/payments/webhook/sandbox': { request: () => ({ path: '/api/payments/webhook/sandbox', body: { id: 'evt_x', type: 'payment.succeeded' } }), expect: 'public' },
  'POST /api/payments/webhook/stripe': { request: () => ({ path: '/api/payments/webhook/stripe', body: { id: 'evt_x' } }), expect: 'public' },
  'GET /api/payments/sandbox/checkout/:sessionRef': { request: () => ({ path: '/api/payments/sandbox/checkout/sbx_unknown' }), expect: 'public' },
  // Signed links (the signature, not a session, is the permission): a made-up one is 404 for everyone alike.
  'GET /api/rentals/deposits/confirm/:movementId': { request: () => ({ path: `/api/rentals/deposits/confirm/${NIL_UUID}?sig=forged` }), expect: 'public' },
  'GET /api/rentals/deposits/confirm/:movementId/return': { request: () => ({ path: `/api/rentals/deposits/confirm/${NIL_UUID}/return?sig=forged` }), expect: 'public' },
  'GET /api/payments/sandbox/deposit/:intentRef': { request: () => ({ path: '/api/payments/sandbox/deposit/sbx_pi_unknown' }), expect: 'public' },
  'POST /api/payments/sandbox/deposit/:intentRef': { request: () => ({ path: '/api/payments/sandbox/deposit/sbx_pi_unknown', form: {} }), expect: 'public' },
  'POST /api/payments/sandbox/checkout/:sessionRef': { request: () => ({ path: '/api/payments/sandbox/checkout/sbx_unknown', form: { outcome: 'cancel' } }), expect: 'public' },
  'POST /api/reviews/addreviews': {
    request: (f) => ({ path: '/api/reviews/addreviews', body: { bikeId: f.bike, rating: 4.5, comment: 'Great', paymentId: f.paidRental.ref } }),
    expect: { userA: 201, userB: 404, admin: 403 },
  },
  'GET /api/reviews/getpostreviews/:bikeId': { request: (f) => ({ path: `/api/reviews/getpostreviews/${f.bike}` }), expect: 'public' },
  'GET /api/reviews/getuserreviews': { request: () => ({ path: '/api/reviews/getuserreviews' }), expect: { userA: 200, userB: 200, admin: 200 } },
  'PUT /api/reviews/:id/vote': { request: (f) => ({ path: `/api/reviews/${f.reviewOfA}/vote`, body: { vote: 'helpful' } }), expect: { userA: 409, userB: 200, admin: 200 } },
  'GET /api/dashboard/summary': { request: () => ({ path: '/api/dashboard/summary' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/contact': {
    request: () => ({ path: '/api/contact', body: { name: 'Visitor', email: 'v@example.com', subject: 'Hello', message: 'A question about rentals.' } }),
    expect: 'public',
  },
  'GET /api/contact': { request: () => ({ path: '/api/contact' }), expect: { userA: 403, userB: 403, admin: 200 } },
  // Issue 16: receipts and invoices (owner and admins), the outbox, partner webhooks and exports (admins).
  'GET /api/payments/:id/receipt': { request: (f) => ({ path: `/api/payments/${f.feePayment}/receipt` }), expect: { userA: 200, userB: 404, admin: 200 } },
  'GET /api/rentals/:id/receipts/:kind': { request: (f) => ({ path: `/api/rentals/${f.bookedRental}/receipts/booking_fee` }), expect: { userA: 200, userB: 404, admin: 200 } },
  'GET /api/rentals/:id/invoice': { request: (f) => ({ path: `/api/rentals/${f.bookedRental}/invoice` }), expect: { userA: 200, userB: 404, admin: 200 } },
  'GET /api/notifications/emails': { request: () => ({ path: '/api/notifications/emails' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/notifications/emails/:id': { request: () => ({ path: `/api/notifications/emails/${NO_ID}` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'POST /api/webhooks': { request: () => ({ path: '/api/webhooks', body: { url: 'https://93.184.216.34/hooks', events: ['rental.booked'] } }), expect: { userA: 403, userB: 403, admin: 201 } },
  'GET /api/webhooks': { request: () => ({ path: '/api/webhooks' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/webhooks/:id': { request: () => ({ path: `/api/webhooks/${NO_ID}` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'PATCH /api/webhooks/:id': { request: () => ({ path: `/api/webhooks/${NO_ID}`, body: { enabled: false } }), expect: { userA: 403, userB: 403, admin: 404 } },
  'DELETE /api/webhooks/:id': { request: () => ({ path: `/api/webhooks/${NO_ID}` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'POST /api/webhooks/:id/test': { request: () => ({ path: `/api/webhooks/${NO_ID}/test` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'GET /api/webhooks/:id/deliveries': { request: () => ({ path: `/api/webhooks/${NO_ID}/deliveries` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'GET /api/webhooks/deliveries/:deliveryId': { request: () => ({ path: `/api/webhooks/deliveries/${NO_ID}` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'POST /api/webhooks/deliveries/:deliveryId/resend': { request: () => ({ path: `/api/webhooks/deliveries/${NO_ID}/resend` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'GET /api/exports/:kind': { request: () => ({ path: '/api/exports/users' }), expect: { userA: 403, userB: 403, admin: 200 } },
  // Issue 26: the calendar, opening hours, the staff's feeds (secret URL: a wrong token is a 404 for anyone) and a booking's .ics.
  'GET /api/bikes/:id/calendar': { request: (f) => ({ path: `/api/bikes/${f.bike}/calendar?from=${new Date().toISOString().slice(0, 10)}&to=${future().slice(0, 10)}` }), expect: 'public' },
  'GET /api/shop/hours': { request: () => ({ path: '/api/shop/hours' }), expect: 'public' },
  'PUT /api/shop/hours': { request: () => ({ path: '/api/shop/hours', body: { closedDates: [] } }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/shop/feeds': { request: () => ({ path: '/api/shop/feeds' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/shop/feeds/rotate': { request: () => ({ path: '/api/shop/feeds/rotate' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/feeds/:token/shop.ics': { request: () => ({ path: '/api/feeds/not-a-token/shop.ics' }), expect: 'public' },
  'GET /api/feeds/:token/bikes/:id.ics': { request: (f) => ({ path: `/api/feeds/not-a-token/bikes/${f.bike}.ics` }), expect: 'public' },
  'GET /api/feeds/:token/units/:unitId.ics': { request: (f) => ({ path: `/api/feeds/not-a-token/units/${f.unit}.ics` }), expect: 'public' },
  'GET /api/rentals/:id/calendar.ics': { request: (f) => ({ path: `/api/rentals/${f.bookedRental}/calendar.ics` }), expect: { userA: 200, userB: 404, admin: 200 } },
  // Issue 25: add-ons (the catalog public, changes and the stock admins') and discount codes (admins).
  // Issue 22: rental agreements. The seeded shop has none: signing is 409 NO_AGREEMENT for whoever may sign.
  'GET /api/agreements/current': { request: () => ({ path: '/api/agreements/current' }), expect: 'public' },
  'GET /api/agreements': { request: () => ({ path: '/api/agreements' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'PUT /api/agreements': {
    request: () => ({ path: '/api/agreements', body: { title: 'Terms', body: 'I, {{customer}}, rent {{bikes}}.' } }),
    expect: { userA: 403, userB: 403, admin: 200 },
  },
  'DELETE /api/agreements/current': { request: () => ({ path: '/api/agreements/current' }), expect: { userA: 403, userB: 403, admin: 404 } },
  'GET /api/agreements/signatures': { request: () => ({ path: '/api/agreements/signatures' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/rentals/:id/agreement': { request: (f) => ({ path: `/api/rentals/${f.bookedRental}/agreement` }), expect: { userA: 200, userB: 404, admin: 200 } },
  'POST /api/rentals/:id/agreement/signatures': {
    request: (f) => ({
      path: `/api/rentals/${f.bookedRental}/agreement/signatures`,
      body: { riders: [{ position: 0, name: 'Ada Rider', birthDate: '1990-01-02', signature: { method: 'typed', typedName: 'Ada Rider', consent: true } }] },
    }),
    expect: { userA: 409, userB: 404, admin: 409 },
  },
  'GET /api/rentals/:id/agreement/signatures/:signatureId/pdf': {
    request: (f) => ({ path: `/api/rentals/${f.bookedRental}/agreement/signatures/${NO_ID}/pdf` }),
    expect: { userA: 404, userB: 404, admin: 404 },
  },
  // Issue 25: gift cards. Anyone signed in may buy one; the balance by code is public (rate limited).
  'GET /api/gift-cards/options': { request: () => ({ path: '/api/gift-cards/options' }), expect: 'public' },
  'POST /api/gift-cards': {
    request: () => ({ path: '/api/gift-cards', body: { amount: 25, recipientName: 'Rae Cipient', recipientEmail: 'rae@example.com' } }),
    expect: { userA: 201, userB: 201, admin: 201 },
  },
  'GET /api/gift-cards': { request: () => ({ path: '/api/gift-cards' }), expect: { userA: 200, userB: 200, admin: 200 } },
  'GET /api/gift-cards/:code': { request: () => ({ path: '/api/gift-cards/GIFT-AAAA-BBBB-CCCC-DDDD' }), expect: 'public' },
  // Issue 22: the counter is staff only; a customer sees the photos and reports of their own rentals.
  'GET /api/counter/scan': { request: () => ({ path: '/api/counter/scan?code=NO-SUCH-LABEL' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/counter/units/:id': { request: (f) => ({ path: `/api/counter/units/${f.unit}` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/counter/rentals/:id': { request: (f) => ({ path: `/api/counter/rentals/${f.bookedRental}` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'POST /api/counter/rentals/:id/check-out': {
    request: (f) => ({ path: `/api/counter/rentals/${f.futureRental}/check-out`, body: { unitIds: [NO_ID] } }),
    expect: { userA: 403, userB: 403, admin: 400 },
  },
  'POST /api/counter/rentals/:id/photos': { request: (f) => ({ path: `/api/counter/rentals/${f.bookedRental}/photos` }), expect: { userA: 403, userB: 403, admin: 400 } },
  'POST /api/counter/rentals/:id/check-in': {
    request: (f) => ({ path: `/api/counter/rentals/${f.bookedRental}/check-in`, body: { units: [] } }),
    expect: { userA: 403, userB: 403, admin: 409 },
  },
  'POST /api/counter/rentals/:id/deposit': {
    request: (f) => ({ path: `/api/counter/rentals/${f.bookedRental}/deposit`, body: { action: 'release' } }),
    expect: { userA: 403, userB: 403, admin: 409 },
  },
  'GET /api/counter/photos/:id': { request: () => ({ path: `/api/counter/photos/${NO_ID}` }), expect: { userA: 404, userB: 404, admin: 404 } },
  'GET /api/counter/my-reports': { request: () => ({ path: '/api/counter/my-reports' }), expect: { userA: 200, userB: 200, admin: 200 } },
  'GET /api/counter/labels': { request: () => ({ path: '/api/counter/labels' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/addons': { request: () => ({ path: '/api/addons' }), expect: 'public' },
  'GET /api/addons/stock': { request: () => ({ path: `/api/addons/stock?from=${new Date().toISOString().slice(0, 10)}` }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/addons/:id': { request: () => ({ path: `/api/addons/${NO_ID}` }), expect: 'public' },
  'POST /api/addons': { request: () => ({ path: '/api/addons', body: { name: 'Matrix helmet', stock: 1 } }), expect: { userA: 403, userB: 403, admin: 201 } },
  'PATCH /api/addons/:id': { request: () => ({ path: `/api/addons/${NO_ID}`, body: { isActive: false } }), expect: { userA: 403, userB: 403, admin: 404 } },
  'GET /api/bikes/:id/addons': {
    request: (f) => ({ path: `/api/bikes/${f.bike}/addons?startTime=${encodeURIComponent(future())}&endTime=${encodeURIComponent(new Date(Date.now() + 4 * 86_400_000).toISOString())}` }),
    expect: 'public',
  },
  'GET /api/coupons': { request: () => ({ path: '/api/coupons' }), expect: { userA: 403, userB: 403, admin: 200 } },
  'GET /api/coupons/:id': { request: () => ({ path: `/api/coupons/${NO_ID}` }), expect: { userA: 403, userB: 403, admin: 404 } },
  'POST /api/coupons': { request: () => ({ path: '/api/coupons', body: { code: 'MATRIX10', kind: 'percent', percentOff: 10 } }), expect: { userA: 403, userB: 403, admin: 201 } },
  'PATCH /api/coupons/:id': { request: () => ({ path: `/api/coupons/${NO_ID}`, body: { isActive: false } }), expect: { userA: 403, userB: 403, admin: 404 } },
};

function routesOf(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance();
  const stack = (express.router ?? express._router).stack as { route?: { path: string; methods: Record<string, boolean> } }[];
  return stack.flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : []));
}

function authorization(t: TestApp, f: Fixture, who: Identity): string | undefined {
  const [header, payload, signature] = f.a.token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const pinned = { algorithm: 'HS256' as const, issuer: 'okay-bike', audience: 'okay-bike-web' };
  switch (who) {
    case 'anonymous':
      return undefined;
    case 'userA':
      return f.a.bearer;
    case 'userB':
      return f.b.bearer;
    case 'admin':
      return f.admin.bearer;
    case 'expired':
      return `Bearer ${jwt.sign({ sub: f.a.id, role: 'user', exp: Math.floor(Date.now() / 1000) - 30 }, t.jwtSecret, pinned)}`;
    case 'wrongKey':
      return `Bearer ${jwt.sign({ sub: f.a.id, role: 'user' }, 'a-different-secret-of-sufficient-length!!', { ...pinned, expiresIn: 600 })}`;
    case 'algNone':
      return `Bearer ${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    case 'editedRole':
      return `Bearer ${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${signature}`;
  }
}

describe('Authorization matrix', () => {
  const t = useTestApp({}, { reset: false });

  it('has a row for every route the app serves', () => {
    const served = routesOf(t);
    const missing = served.filter((r) => !(r in ROUTES));
    const stale = Object.keys(ROUTES).filter((r) => !served.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(Object.keys(ROUTES))('%s', async (route) => {
    await t.reset();
    const f = await seedScenario(t);
    const spec = ROUTES[route];
    const method = route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const seen: Record<string, number> = {};
    for (const who of IDENTITIES) {
      const { path, body, form } = spec.request(f);
      let req = t.http()[method](path);
      const auth = authorization(t, f, who);
      if (auth) req = req.set('Authorization', auth);
      const res = form ? await req.type('form').send(form) : body !== undefined ? await req.send(body as object) : await req;
      seen[who] = res.status;
    }
    const expected: Record<string, number | string> = {};
    for (const who of IDENTITIES) {
      if (spec.expect === 'public') {
        expected[who] = seen[who] < 500 && seen[who] !== 401 && seen[who] !== 403 ? seen[who] : 'not 401/403/5xx';
      } else if (who === 'anonymous' || BAD_TOKENS.includes(who)) {
        expected[who] = 401;
      } else {
        expected[who] = spec.expect[who as 'userA' | 'userB' | 'admin'];
      }
    }
    expect(seen).toEqual(expected);
  });
});
