import { formatMoney, minorOfOwnMajor } from '../../common/money.js';
import { EmailAttachmentRef } from '../../database/schema/notifications.js';
import { EmailKind } from '../events/events.js';

/**
 * The customer emails: subject, HTML and plain-text bodies, in the shop's look (its teal, its name and address)
 * and its time zone. No tracking: no pixels, no redirecting links, no remote images.
 *
 * Rental and payment data are the API's own DTOs. Fields of the rental engine's model (`endTime`, `quote`,
 * `units`, `lateFee`, `dueAt`, `freeCancellationUntil`) are read defensively: a rental without them reads as
 * today's open-ended booking priced by the hour.
 */
export interface ShopInfo {
  name: string;
  address: string;
  timeZone: string;
  /** Absolute origin for links (PUBLIC_URL), or null: the messages then name the page without a link. */
  publicUrl: string | null;
  /** FREE_CANCELLATION_HOURS: a booking cancelled at least this long before its start gets its fee back. */
  freeCancellationHours?: number;
}

export interface Recipient {
  name: string;
  email: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachmentRef[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** '12 June 2026, 09:00 (Asia/Dhaka)' in the shop's time zone. */
export function formatShopTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
  return `${text} (${zone})`;
}

/** Major units as the API shows them -> '$48.00'. */
export const money = (major: number | null, currency: string | null): string =>
  major === null ? '' : formatMoney(minorOfOwnMajor(major), currency ?? 'USD');

interface Block {
  /** One paragraph, or rows of a fact table. */
  p?: string;
  facts?: [string, string][];
  /** Call to action: label and path under the shop. */
  action?: [string, string];
}

function layout(shop: ShopInfo, heading: string, greeting: string, blocks: Block[]): { html: string; text: string } {
  const link = (path: string) => (shop.publicUrl ? `${shop.publicUrl.replace(/\/$/, '')}${path}` : null);
  const html: string[] = [];
  const text: string[] = [heading, '', greeting, ''];
  for (const b of blocks) {
    if (b.p) {
      html.push(`<p style="margin:0 0 14px;line-height:1.55">${escapeHtml(b.p)}</p>`);
      text.push(b.p, '');
    }
    if (b.facts?.length) {
      html.push('<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">');
      for (const [k, v] of b.facts) {
        html.push(
          `<tr><td style="padding:6px 12px 6px 0;color:#5b6b68;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td>` +
            `<td style="padding:6px 0;font-weight:600;color:#10211e">${escapeHtml(v)}</td></tr>`,
        );
        text.push(`${k}: ${v}`);
      }
      html.push('</table>');
      text.push('');
    }
    if (b.action) {
      const href = link(b.action[1]);
      if (href) {
        html.push(
          `<p style="margin:4px 0 18px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0f766e;color:#ffffff;` +
            `text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(b.action[0])}</a></p>`,
        );
        text.push(`${b.action[0]}: ${href}`, '');
      } else {
        html.push(`<p style="margin:0 0 14px">${escapeHtml(b.action[0])}: ${escapeHtml(b.action[1])} on the ${escapeHtml(shop.name)} website.</p>`);
        text.push(`${b.action[0]}: ${b.action[1]} on the ${shop.name} website.`, '');
      }
    }
  }
  text.push('--', shop.name, shop.address);
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${escapeHtml(heading)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f5f7f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#10211e">' +
    '<table role="presentation" width="100%" style="border-collapse:collapse;background:#f5f7f6"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #dfe7e5">' +
    `<tr><td style="background:#0f766e;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700;letter-spacing:.2px">${escapeHtml(shop.name)}</td></tr>` +
    `<tr><td style="padding:24px">` +
    `<h1 style="margin:0 0 12px;font-size:21px;color:#0b5c56">${escapeHtml(heading)}</h1>` +
    `<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>` +
    html.join('') +
    '</td></tr>' +
    `<tr><td style="padding:16px 24px;background:#0f1f1c;color:#b8c7c4;font-size:12px;line-height:1.5">${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>` +
    'You get this email because of your account or booking at our shop.</td></tr>' +
    '</table></td></tr></table></body></html>';
  return { html: page, text: text.join('\n') };
}

function rentalFacts(rental: Json, shop: ShopInfo): [string, string][] {
  const bike = obj(rental.bikeId);
  const facts: [string, string][] = [];
  const bikeName = str(bike.name);
  if (bikeName) facts.push(['Bike', bikeName]);
  const units = arr(rental.units)
    .map((u) => str(obj(u).label))
    .filter((l): l is string => Boolean(l));
  const quantity = num(rental.quantity);
  if (quantity !== null) facts.push(['Quantity', units.length ? `${quantity} (${units.join(', ')})` : String(quantity)]);
  const start = str(rental.startTime);
  const end = str(rental.endTime) ?? str(rental.dueAt);
  if (start) facts.push(['Pick-up', formatShopTime(start, shop.timeZone)]);
  facts.push(['Return', end ? formatShopTime(end, shop.timeZone) : 'Open-ended: you pay by the hour when you return the bike']);
  const ref = str(rental.paymentId);
  if (ref) facts.push(['Booking reference', ref]);
  return facts;
}

function quoteFacts(rental: Json): [string, string][] {
  const quote = obj(rental.quote);
  const currency = str(quote.currency) ?? str(rental.currency);
  const facts: [string, string][] = [];
  for (const line of arr(quote.lines)) {
    const l = obj(line);
    const label = str(l.label);
    const amount = num(l.amount);
    if (label && amount !== null) facts.push([label, money(amount, currency)]);
  }
  const total = num(quote.total);
  if (total !== null) facts.push(['Rental total', money(total, currency)]);
  else {
    const perHour = num(rental.pricePerHour);
    if (perHour !== null) facts.push(['Price', `${money(perHour, str(rental.currency))} per hour per bike`]);
  }
  const fee = obj(rental.bookingFee);
  const feeState: Record<string, string> = { succeeded: 'paid', pending: 'awaiting payment', refunded: 'refunded' };
  if (num(fee.amount) !== null) facts.push(['Booking fee', `${money(num(fee.amount), str(fee.currency))} (${feeState[str(fee.status) ?? 'succeeded'] ?? str(fee.status)})`]);
  return facts;
}

/**
 * Renders one message. `data` is the event's payload (RentalDto, PaymentDto, UserDto); `at` is when the event
 * happened (the shop's clock), which decides what a cancellation means for the booking fee.
 */
export function renderEmail(kind: EmailKind, to: Recipient, data: unknown, shop: ShopInfo, at: Date = new Date()): RenderedEmail {
  const d = obj(data);
  // The welcome message goes to whatever address a stranger typed at signup: it quotes nothing typed there (the name
  // could say "your account is suspended, verify at ..."), only the shop's own text and the address itself.
  const hi = kind === 'welcome' ? 'Hello,' : `Hello ${to.name || 'there'},`;
  const bikeName = str(obj(d.bikeId).name) ?? str(obj(d.rental).bikeName) ?? 'your bike';
  const make = (subject: string, heading: string, blocks: Block[], attachments: EmailAttachmentRef[] = []): RenderedEmail => ({
    subject,
    ...layout(shop, heading, hi, blocks),
    attachments,
  });
  switch (kind) {
    case 'welcome':
      return make(`Welcome to ${shop.name}`, `Welcome to ${shop.name}`, [
        { p: 'Your account is ready. Browse our bikes, book one for the time you need and pay the booking fee online to hold it.' },
        { facts: [['Account', to.email]] },
        { action: ['Browse bikes', '/allbikes'] },
      ]);
    case 'booking_confirmed':
      return make(`Booking confirmed: ${bikeName}`, 'Your booking is confirmed', [
        { p: `Thank you! Your booking fee is paid and ${bikeName} is reserved for you.` },
        { facts: [...rentalFacts(d, shop), ...quoteFacts(d)] },
        ...(str(d.freeCancellationUntil)
          ? [{ p: `You can cancel free of charge until ${formatShopTime(str(d.freeCancellationUntil), shop.timeZone)}.` }]
          : []),
        { action: ['See your rentals', '/dashboard/rentals'] },
      ]);
    case 'payment_received': {
      const rental = obj(d.rental);
      const what = d.kind === 'booking_fee' ? 'booking fee' : 'rental payment';
      return make(
        `Payment received: ${money(num(d.amount), str(d.currency))}`,
        'Payment received',
        [
          { p: `We received your ${what}. Your receipt is attached as a PDF.` },
          {
            facts: [
              ['Amount', money(num(d.amount), str(d.currency))],
              ['For', `${what} of ${str(rental.bikeName) ?? bikeName}${num(rental.quantity) ? ` x ${num(rental.quantity)}` : ''}`],
              ['Booking reference', str(rental.paymentId) ?? ''],
              ['Paid on', formatShopTime(str(d.completedAt) ?? str(d.createdAt), shop.timeZone)],
              ['Payment id', str(d._id) ?? ''],
            ].filter(([, v]) => v) as [string, string][],
          },
          { action: ['Download receipts and invoices', '/dashboard/rentals'] },
        ],
        str(d._id) ? [{ kind: 'receipt', refId: str(d._id)! }] : [],
      );
    }
    case 'pickup_reminder':
      return make(`Reminder: pick up ${bikeName} ${formatShopTime(str(d.startTime), shop.timeZone)}`, 'Your ride starts soon', [
        { p: `This is a reminder that your booking of ${bikeName} starts soon. Please bring a photo ID.` },
        { facts: rentalFacts(d, shop) },
        { facts: [['Where', shop.address]] },
        { action: ['See your rentals', '/dashboard/rentals'] },
      ]);
    case 'return_due_soon':
      return make(`Return due soon: ${bikeName}`, 'Your return is due soon', [
        { p: `Please bring ${bikeName} back by ${formatShopTime(str(d.endTime) ?? str(d.dueAt), shop.timeZone)}.` },
        { facts: rentalFacts(d, shop) },
        { p: 'Returns after the end of your window (and its grace period) add a late fee per started hour.' },
      ]);
    case 'overdue':
      return make(`Overdue: ${bikeName}`, 'Your rental is overdue', [
        {
          p: `${bikeName} was due back at ${formatShopTime(str(d.endTime) ?? str(d.dueAt), shop.timeZone)}. A late fee is added for every started hour until it is back.`,
        },
        { facts: rentalFacts(d, shop) },
        { facts: [['Shop', shop.address]] },
      ]);
    case 'rescheduled':
      return make(`Booking changed: ${bikeName}`, 'Your booking has new times', [
        { p: `Your booking of ${bikeName} is moved to the times below. The earlier times no longer apply.` },
        { facts: [...rentalFacts(d, shop), ...quoteFacts(d)] },
        ...(str(d.freeCancellationUntil)
          ? [{ p: `You can cancel free of charge until ${formatShopTime(str(d.freeCancellationUntil), shop.timeZone)}.` }]
          : []),
        { action: ['See your rentals', '/dashboard/rentals'] },
      ]);
    case 'cancelled': {
      const fee = obj(d.bookingFee);
      const refunded = fee.status === 'refunded';
      const unpaid = fee.status !== 'succeeded' && !refunded;
      // A cancelled rental's DTO no longer offers free cancellation (freeCancellationUntil is null once it is
      // closed): whether its fee comes back is decided here as the cancel decided it, from the start and the policy.
      const start = str(d.startTime);
      const freeUntil =
        str(d.freeCancellationUntil) ??
        (start && shop.freeCancellationHours !== undefined ? new Date(new Date(start).getTime() - shop.freeCancellationHours * 3_600_000).toISOString() : null);
      return make(`Booking cancelled: ${bikeName}`, 'Your booking is cancelled', [
        {
          p: refunded
            ? `Your booking of ${bikeName} is cancelled and its booking fee of ${money(num(fee.amount), str(fee.currency))} is refunded.`
            : unpaid
              ? `Your booking of ${bikeName} is cancelled because its booking fee was not paid in time. Nothing was charged.`
              : freeUntil && at.getTime() <= new Date(freeUntil).getTime()
                ? `Your booking of ${bikeName} is cancelled free of charge. The booking fee of ${money(num(fee.amount), str(fee.currency))} is being refunded; you get a separate email when it is done.`
                : `Your booking of ${bikeName} is cancelled. The booking fee is kept, as the cancellation came after the free cancellation period.`,
        },
        { facts: rentalFacts(d, shop) },
        { action: ['Book again', '/allbikes'] },
      ]);
    }
    case 'refunded': {
      const rental = obj(d.rental);
      return make(`Refund: ${money(num(d.amount), str(d.currency))}`, 'Your money is on its way back', [
        { p: `We refunded ${money(num(d.amount), str(d.currency))} to the way you paid. It can take a few days to show on your statement.` },
        {
          facts: (
            [
              ['Refund', money(num(d.amount), str(d.currency))],
              ['Booking reference', str(rental.paymentId) ?? ''],
              ['Bike', str(rental.bikeName) ?? ''],
            ] as [string, string][]
          ).filter(([, v]) => v),
        },
      ]);
    }
    case 'deposit_held':
    case 'deposit_released':
    case 'deposit_captured':
    case 'deposit_confirmation_needed':
    case 'deposit_fallback_charge':
      return depositEmail(kind, d, bikeName, shop, make);
    case 'password_changed':
      return make(`Your ${shop.name} password was changed`, 'Your password was changed', [
        { p: 'The password of your account was just changed. If that was you, there is nothing to do.' },
        { p: 'If it was not you, reset your password at once and contact us: someone may know your old password.' },
        { facts: [['Account', to.email]] },
      ]);
  }
}

/** The security deposit's messages (issue 21); `d` is the rental's DTO with its `deposit`. */
function depositEmail(
  kind: 'deposit_held' | 'deposit_released' | 'deposit_captured' | 'deposit_confirmation_needed' | 'deposit_fallback_charge',
  d: Json,
  bikeName: string,
  shop: ShopInfo,
  make: (subject: string, heading: string, blocks: Block[]) => RenderedEmail,
): RenderedEmail {
  const dep = obj(d.deposit);
  const currency = str(dep.currency);
  const amount = money(num(dep.amount), currency);
  const facts: [string, string][] = [
    ['Bike', bikeName],
    ['Booking reference', str(d.paymentId) ?? ''],
    ['Deposit', amount],
  ];
  switch (kind) {
    case 'deposit_held':
      return make(`Deposit held: ${amount} for ${bikeName}`, 'Your security deposit is held', [
        {
          p: `We placed a hold of ${amount} on your card as the security deposit for ${bikeName}. Nothing is charged: the hold is released when you bring the bike back in good order.`,
        },
        { facts: [...facts, ...(str(dep.captureBefore) ? ([['Held until at most', formatShopTime(str(dep.captureBefore), shop.timeZone)]] as [string, string][]) : [])].filter(([, v]) => v) },
        { p: 'If your rental lasts longer than your bank keeps a hold, we renew it automatically: the new hold is placed before the old one is released.' },
        { action: ['See your rentals', '/dashboard/rentals'] },
      ]);
    case 'deposit_released':
      return make(`Deposit released: ${bikeName}`, 'Your security deposit is released', [
        { p: `The hold of ${amount} on your card for ${bikeName} is released. Depending on your bank it can take a few days to disappear from your statement.` },
        { facts: facts.filter(([, v]) => v) },
      ]);
    case 'deposit_captured': {
      const kept = money(num(dep.capturedAmount), currency);
      return make(`Deposit: ${kept} kept for ${bikeName}`, 'Part of your security deposit was kept', [
        { p: `After the return of ${bikeName} we kept ${kept} of your ${amount} security deposit. The rest of the hold is released.` },
        { facts: [...facts, ['Kept', kept], ['Reason', str(dep.reason) ?? '']].filter(([, v]) => v) as [string, string][] },
        { p: 'Questions about this? Reply to this email or contact the shop.' },
      ]);
    }
    case 'deposit_confirmation_needed':
      return make(`Please confirm your deposit for ${bikeName}`, 'Your bank asks you to confirm the deposit', [
        { p: `Your bank wants you to confirm the ${amount} hold for the security deposit of ${bikeName}. Please confirm it before you pick up the bike.` },
        { facts: facts.filter(([, v]) => v) },
        { action: ['Confirm the deposit', pathOf(str(dep.actionUrl)) ?? '/dashboard/rentals'] },
      ]);
    case 'deposit_fallback_charge':
      return make(`Deposit charged for ${bikeName}: refunded after the return`, 'Your deposit was charged instead of held', [
        {
          p: `Your bank did not allow us to renew the ${amount} hold for ${bikeName}, so we charged the deposit instead. It is refunded after the return (less any damage, which we would tell you about).`,
        },
        { facts: facts.filter(([, v]) => v) },
      ]);
  }
}

/** The confirmation page's path (the email links under the shop's public URL). */
function pathOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, 'http://shop.invalid');
    return `${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}
