import { formatMoney, minorOfOwnMajor } from '../../common/money.js';
import { EmailAttachmentRef } from '../../database/schema/notifications.js';
import { EMAIL_KINDS, EmailKind } from '../events/events.js';
import { isLocale, localizePath, localizeQuoteLabel, type Locale, type MessageId } from '../../../locales/index.js';
import { formatMinor } from '../../../locales/currency.js';
import { translate } from '../../common/i18n/i18n.js';

/**
 * The emails written in the reader's language (issue 27; the customer's chosen language, `users.language`): every
 * kind. The gift card itself goes to a recipient whose language the shop does not know: it is written in its buyer's,
 * as the PDF attached to it (OutboxRenderer passes that language).
 */
const TRANSLATED_EMAILS: ReadonlySet<EmailKind> = new Set(EMAIL_KINDS);

type Say = (id: MessageId, values?: Record<string, string | number>) => string;

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
  /** The shop asks riders to sign its rental agreement before pick-up (a current version exists). */
  agreementRequired?: boolean;
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

/** '12 June 2026, 09:00 (Asia/Dhaka)' in the shop's time zone; German '12. Juni 2026, 09:00', Bangla with its digits. */
export function formatShopTime(iso: string | null, timeZone: string, locale: Locale = 'en'): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const text = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
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
export const money = (major: number | null, currency: string | null, locale: Locale = 'en'): string =>
  major === null
    ? ''
    : locale === 'en'
      ? formatMoney(minorOfOwnMajor(major, currency ?? 'USD'), currency ?? 'USD')
      : formatMinor(minorOfOwnMajor(major, currency ?? 'USD'), currency ?? 'USD', locale);

interface Block {
  /** One paragraph, or rows of a fact table. */
  p?: string;
  facts?: [string, string][];
  /** Call to action: label and path under the shop. */
  action?: [string, string];
}

function layout(shop: ShopInfo, heading: string, greeting: string, blocks: Block[], locale: Locale = 'en'): { html: string; text: string } {
  const say: Say = (id, values) => translate(locale, id, values);
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
        const where = say('email.onWebsite', { label: b.action[0], path: b.action[1], shop: shop.name });
        html.push(`<p style="margin:0 0 14px">${escapeHtml(where)}</p>`);
        text.push(where, '');
      }
    }
  }
  text.push('--', shop.name, shop.address);
  const page =
    `<!doctype html><html lang="${locale}"><head>` +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
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
    `${escapeHtml(say('email.footer'))}</td></tr>` +
    '</table></td></tr></table></body></html>';
  return { html: page, text: text.join('\n') };
}

function rentalFacts(rental: Json, shop: ShopInfo, locale: Locale = 'en'): [string, string][] {
  const say: Say = (id, values) => translate(locale, id, values);
  const bike = obj(rental.bikeId);
  const facts: [string, string][] = [];
  const bikeName = str(bike.name);
  if (bikeName) facts.push([say('email.fact.bike'), bikeName]);
  const units = arr(rental.units)
    .map((u) => str(obj(u).label))
    .filter((l): l is string => Boolean(l));
  const quantity = num(rental.quantity);
  const count = quantity === null ? '' : locale === 'en' ? String(quantity) : new Intl.NumberFormat(locale).format(quantity);
  if (quantity !== null) facts.push([say('email.fact.quantity'), units.length ? `${count} (${units.join(', ')})` : count]);
  const start = str(rental.startTime);
  const end = str(rental.endTime) ?? str(rental.dueAt);
  if (start) facts.push([say('email.fact.pickUp'), formatShopTime(start, shop.timeZone, locale)]);
  facts.push([say('email.fact.return'), end ? formatShopTime(end, shop.timeZone, locale) : say('email.fact.openEnded')]);
  const ref = str(rental.paymentId);
  if (ref) facts.push([say('email.fact.reference'), ref]);
  return facts;
}

function quoteFacts(rental: Json, locale: Locale = 'en'): [string, string][] {
  const say: Say = (id, values) => translate(locale, id, values);
  const quote = obj(rental.quote);
  const currency = str(quote.currency) ?? str(rental.currency);
  const facts: [string, string][] = [];
  for (const line of arr(quote.lines)) {
    const l = obj(line);
    const label = str(l.label);
    const amount = num(l.amount);
    if (label && amount !== null) facts.push([locale === 'en' ? label : localizeQuoteLabel(label, say), money(amount, currency, locale)]);
  }
  const total = num(quote.total);
  if (total !== null) facts.push([say('email.fact.rentalTotal'), money(total, currency, locale)]);
  else {
    const perHour = num(rental.pricePerHour);
    if (perHour !== null) facts.push([say('email.fact.price'), say('email.fact.perHour', { price: money(perHour, str(rental.currency), locale) })]);
  }
  const fee = obj(rental.bookingFee);
  const feeState: Record<string, MessageId> = { succeeded: 'email.fee.succeeded', pending: 'email.fee.pending', refunded: 'email.fee.refunded' };
  const status = str(fee.status) ?? 'succeeded';
  const state = feeState[status] ? say(feeState[status]) : status;
  if (num(fee.amount) !== null) facts.push([say('email.fact.bookingFee'), say('email.fact.feeState', { amount: money(num(fee.amount), str(fee.currency), locale), state })]);
  return facts;
}

/**
 * Renders one message. `data` is the event's payload (RentalDto, PaymentDto, UserDto); `at` is when the event
 * happened (the shop's clock), which decides what a cancellation means for the booking fee.
 */
export function renderEmail(kind: EmailKind, to: Recipient, data: unknown, shop: ShopInfo, at: Date = new Date(), language?: string | null): RenderedEmail {
  const d = obj(data);
  // The customer's language for the emails written in it (TRANSLATED_EMAILS); English otherwise.
  const locale: Locale = TRANSLATED_EMAILS.has(kind) && isLocale(language) ? language : 'en';
  const say: Say = (id, values) => translate(locale, id, values);
  // The welcome message goes to whatever address a stranger typed at signup: it quotes nothing typed there (the name
  // could say "your account is suspended, verify at ..."), only the shop's own text and the address itself.
  const hi =
    kind === 'welcome'
      ? say('email.helloPlain')
      : kind === 'gift_card'
        ? str(d.recipientName)
          ? say('email.hello', { name: str(d.recipientName)! })
          : say('email.helloThere')
        : to.name
          ? say('email.hello', { name: to.name })
          : say('email.helloThere');
  const bikeName = str(obj(d.bikeId).name) ?? str(obj(d.rental).bikeName) ?? say('email.yourBike');
  const make = (subject: string, heading: string, blocks: Block[], attachments: EmailAttachmentRef[] = []): RenderedEmail => ({
    subject,
    ...layout(shop, heading, hi, blocks, locale),
    attachments,
  });
  switch (kind) {
    case 'welcome':
      return make(say('email.welcome.subject', { shop: shop.name }), say('email.welcome.subject', { shop: shop.name }), [
        { p: say('email.welcome.text') },
        { facts: [[say('email.fact.account'), to.email]] },
        { action: [say('email.welcome.browse'), localizePath('/allbikes', locale)] },
      ]);
    case 'booking_confirmed':
      return make(say('email.confirmed.subject', { bike: bikeName }), say('email.confirmed.heading'), [
        { p: say('email.confirmed.text', { bike: bikeName }) },
        { facts: [...rentalFacts(d, shop, locale), ...quoteFacts(d, locale)] },
        ...(str(d.freeCancellationUntil)
          ? [{ p: say('email.confirmed.freeCancel', { time: formatShopTime(str(d.freeCancellationUntil), shop.timeZone, locale) }) }]
          : []),
        ...(str(d._id) ? [{ p: say('email.confirmed.ics') }] : []),
        ...(shop.agreementRequired && str(d._id)
          ? [
              { p: say('email.confirmed.agreement') },
              { action: [say('email.confirmed.sign'), `/dashboard/rentals/${str(d._id)}/agreement`] } as Block,
            ]
          : [{ action: [say('email.confirmed.seeRentals'), '/dashboard/rentals'] } as Block]),
      ], str(d._id) ? [{ kind: 'calendar', refId: str(d._id)! }] : []);
    case 'payment_received': {
      const rental = obj(d.rental);
      const kind = d.kind === 'booking_fee' ? 'booking_fee' : 'rental';
      const amount = money(num(d.amount), str(d.currency), locale);
      const paidFor = { kind, bike: str(rental.bikeName) ?? bikeName };
      const count = num(rental.quantity);
      return make(
        say('email.paid.subject', { amount }),
        say('email.paid.heading'),
        [
          { p: say('email.paid.text', { kind }) },
          {
            facts: [
              [say('email.fact.amount'), amount],
              [say('email.fact.for'), count ? say('email.paid.forCount', { ...paidFor, count }) : say('email.paid.for', paidFor)],
              [say('email.fact.reference'), str(rental.paymentId) ?? ''],
              [say('email.fact.paidOn'), formatShopTime(str(d.completedAt) ?? str(d.createdAt), shop.timeZone, locale)],
              [say('email.fact.paymentId'), str(d._id) ?? ''],
            ].filter(([, v]) => v) as [string, string][],
          },
          { action: [say('email.paid.documents'), '/dashboard/rentals'] },
        ],
        str(d._id) ? [{ kind: 'receipt', refId: str(d._id)! }] : [],
      );
    }
    case 'pickup_reminder':
      return make(say('email.pickup.subject', { bike: bikeName, time: formatShopTime(str(d.startTime), shop.timeZone, locale) }), say('email.pickup.heading'), [
        { p: say('email.pickup.text', { bike: bikeName }) },
        { facts: rentalFacts(d, shop, locale) },
        { facts: [[say('email.fact.where'), shop.address]] },
        { action: [say('email.confirmed.seeRentals'), '/dashboard/rentals'] },
      ]);
    case 'return_due_soon':
      return make(say('email.returnDue.subject', { bike: bikeName }), say('email.returnDue.heading'), [
        { p: say('email.returnDue.text', { bike: bikeName, time: formatShopTime(str(d.endTime) ?? str(d.dueAt), shop.timeZone, locale) }) },
        { facts: rentalFacts(d, shop, locale) },
        { p: say('email.returnDue.lateFee') },
      ]);
    case 'overdue':
      return make(say('email.overdue.subject', { bike: bikeName }), say('email.overdue.heading'), [
        { p: say('email.overdue.text', { bike: bikeName, time: formatShopTime(str(d.endTime) ?? str(d.dueAt), shop.timeZone, locale) }) },
        { facts: rentalFacts(d, shop, locale) },
        { facts: [[say('email.fact.shop'), shop.address]] },
      ]);
    case 'rescheduled':
      return make(say('email.rescheduled.subject', { bike: bikeName }), say('email.rescheduled.heading'), [
        { p: say('email.rescheduled.text', { bike: bikeName }) },
        { facts: [...rentalFacts(d, shop, locale), ...quoteFacts(d, locale)] },
        ...(str(d.freeCancellationUntil)
          ? [{ p: say('email.confirmed.freeCancel', { time: formatShopTime(str(d.freeCancellationUntil), shop.timeZone, locale) }) }]
          : []),
        { action: [say('email.confirmed.seeRentals'), '/dashboard/rentals'] },
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
      const feeValues = { bike: bikeName, amount: money(num(fee.amount), str(fee.currency), locale) };
      return make(say('email.cancelled.subject', { bike: bikeName }), say('email.cancelled.heading'), [
        {
          p: refunded
            ? say('email.cancelled.refunded', feeValues)
            : unpaid
              ? say('email.cancelled.unpaid', { bike: bikeName })
              : freeUntil && at.getTime() <= new Date(freeUntil).getTime()
                ? say('email.cancelled.free', feeValues)
                : say('email.cancelled.kept', { bike: bikeName }),
        },
        { facts: rentalFacts(d, shop, locale) },
        { action: [say('email.cancelled.bookAgain'), localizePath('/allbikes', locale)] },
      ]);
    }
    case 'refunded': {
      const rental = obj(d.rental);
      const amount = money(num(d.amount), str(d.currency), locale);
      return make(say('email.refunded.subject', { amount }), say('email.refunded.heading'), [
        { p: say('email.refunded.text', { amount }) },
        {
          facts: (
            [
              [say('email.fact.refund'), amount],
              [say('email.fact.reference'), str(rental.paymentId) ?? ''],
              [say('email.fact.bike'), str(rental.bikeName) ?? ''],
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
      return depositEmail(kind, d, bikeName, shop, make, locale);
    case 'check_in_summary':
      return checkInSummary(d, bikeName, shop, make, locale);
    case 'gift_card_purchased': {
      const amount = money(num(d.amount), str(d.currency), locale);
      const recipient = { name: str(d.recipientName) ?? '', email: str(d.recipientEmail) ?? '' };
      return make(say('email.giftBought.subject', { amount, name: recipient.name }), say('email.giftBought.heading'), [
        { p: say('email.giftBought.text', { amount, ...recipient }) },
        {
          facts: [
            [say('email.fact.amount'), amount],
            [say('email.fact.recipient'), `${recipient.name} <${recipient.email}>`],
            [say('email.fact.sendDate'), formatShopTime(str(d.sendAt), shop.timeZone, locale)],
            [say('email.fact.card'), `****${str(d.last4) ?? ''}`],
            [say('email.fact.validUntil'), str(d.expiresAt) ? formatShopTime(str(d.expiresAt), shop.timeZone, locale) : say('email.fact.noExpiry')],
          ],
        },
      ]);
    }
    case 'gift_card': {
      const amount = money(num(d.amount), str(d.currency), locale);
      // The code is only in the attached PDF (made when this is sent): the stored message never holds a usable code.
      return make(say('email.giftCard.subject', { amount, shop: shop.name }), say('email.giftCard.heading', { amount }), [
        { p: say('email.giftCard.text', { amount, shop: shop.name }) },
        ...(str(d.message) ? [{ p: say('email.giftCard.message', { message: str(d.message)! }) }] : []),
        {
          facts: [
            [say('email.fact.amount'), amount],
            [say('email.fact.card'), `****${str(d.last4) ?? ''}`],
            [say('email.fact.validUntil'), str(d.expiresAt) ? formatShopTime(str(d.expiresAt), shop.timeZone, locale) : say('email.fact.noExpiry')],
          ],
        },
        { p: say('email.giftCard.howTo') },
        { action: [say('email.giftCard.checkBalance'), localizePath('/gift-cards', locale)] },
      ], str(d._id) ? [{ kind: 'gift_card', refId: str(d._id)! }] : []);
    }
    case 'password_changed':
      return make(say('email.password.subject', { shop: shop.name }), say('email.password.heading'), [
        { p: say('email.password.text') },
        { p: say('email.password.notYou') },
        { facts: [[say('email.fact.account'), to.email]] },
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
  locale: Locale,
): RenderedEmail {
  const say: Say = (id, values) => translate(locale, id, values);
  const dep = obj(d.deposit);
  const currency = str(dep.currency);
  const amount = money(num(dep.amount), currency, locale);
  const values = { amount, bike: bikeName };
  const facts: [string, string][] = [
    [say('email.fact.bike'), bikeName],
    [say('email.fact.reference'), str(d.paymentId) ?? ''],
    [say('email.fact.deposit'), amount],
  ];
  switch (kind) {
    case 'deposit_held':
      return make(say('email.deposit.held.subject', values), say('email.deposit.held.heading'), [
        { p: say('email.deposit.held.text', values) },
        {
          facts: [
            ...facts,
            ...(str(dep.captureBefore) ? ([[say('email.fact.heldUntil'), formatShopTime(str(dep.captureBefore), shop.timeZone, locale)]] as [string, string][]) : []),
          ].filter(([, v]) => v),
        },
        { p: say('email.deposit.held.renewal') },
        { action: [say('email.confirmed.seeRentals'), '/dashboard/rentals'] },
      ]);
    case 'deposit_released':
      return make(say('email.deposit.released.subject', values), say('email.deposit.released.heading'), [
        { p: say('email.deposit.released.text', values) },
        { facts: facts.filter(([, v]) => v) },
      ]);
    case 'deposit_captured': {
      const kept = money(num(dep.capturedAmount), currency, locale);
      return make(say('email.deposit.captured.subject', { ...values, kept }), say('email.deposit.captured.heading'), [
        { p: say('email.deposit.captured.text', { ...values, kept }) },
        { facts: [...facts, [say('email.fact.kept'), kept], [say('email.fact.reason'), str(dep.reason) ?? '']].filter(([, v]) => v) as [string, string][] },
        { p: say('email.deposit.captured.questions') },
      ]);
    }
    case 'deposit_confirmation_needed':
      return make(say('email.deposit.confirm.subject', values), say('email.deposit.confirm.heading'), [
        { p: say('email.deposit.confirm.text', values) },
        { facts: facts.filter(([, v]) => v) },
        { action: [say('email.deposit.confirm.action'), pathOf(str(dep.actionUrl)) ?? '/dashboard/rentals'] },
      ]);
    case 'deposit_fallback_charge':
      return make(say('email.deposit.fallback.subject', values), say('email.deposit.fallback.heading'), [
        { p: say('email.deposit.fallback.text', values) },
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

const CHECK_LABEL: Record<string, MessageId> = { ok: 'email.check.ok', worn: 'email.check.worn', damaged: 'email.check.damaged', missing: 'email.check.missing', na: 'email.check.na' };

/**
 * The check-in summary (issue 22): what came back in what condition, the damage found, what was kept of the
 * deposit; the condition photos are attached (`photo` attachments: FileStore paths the event recorded).
 */
function checkInSummary(
  d: Json,
  bikeName: string,
  shop: ShopInfo,
  make: (subject: string, heading: string, blocks: Block[], attachments?: EmailAttachmentRef[]) => RenderedEmail,
  locale: Locale,
): RenderedEmail {
  const say: Say = (id, values) => translate(locale, id, values);
  const cash = (major: number | null, cur: string | null) => money(major, cur, locale);
  const counter = obj(d.counter);
  const dep = obj(d.deposit);
  const currency = str(dep.currency) ?? str(d.currency);
  const blocks: Block[] = [{ p: say('email.checkIn.text', { bike: bikeName }) }, { facts: rentalFacts(d, shop, locale) }];
  for (const c of arr(counter.conditions).map(obj)) {
    const list = Object.entries(obj(c.checklist))
      .map(([part, state]) => `${part}: ${CHECK_LABEL[String(state)] ? say(CHECK_LABEL[String(state)]) : String(state)}`)
      .join(', ');
    const facts: [string, string][] = [[say('email.checkIn.checklist'), list || say('email.checkIn.notRecorded')]];
    if (str(c.notes)) facts.push([say('email.checkIn.notes'), str(c.notes)!]);
    blocks.push({ p: say('email.checkIn.unit', { unit: str(c.unitLabel) ?? '' }) }, { facts });
  }
  const reports = arr(counter.damageReports).map(obj);
  for (const r of reports) {
    const items = arr(r.items)
      .map(obj)
      .map((i) => `${str(i.part) ?? ''} (${str(i.severity) ?? ''})${str(i.description) ? `: ${str(i.description)}` : ''}, ${cash(num(i.cost), str(r.currency))}`);
    blocks.push({ p: say('email.checkIn.damage', { unit: str(r.unitLabel) ?? say('email.checkIn.theBike'), items: items.join('; ') }) });
  }
  const status = str(dep.status);
  const kept = num(dep.capturedAmount) ?? 0;
  if (status === 'captured' || status === 'partially_captured') {
    blocks.push({
      facts: [
        [say('email.fact.deposit'), cash(num(dep.amount), currency)],
        [say('email.fact.kept'), cash(kept, currency)],
        [say('email.checkIn.released'), cash(Math.max(0, (num(dep.heldAmount) ?? 0) - kept), currency)],
        [say('email.fact.reason'), str(dep.reason) ?? ''],
      ].filter(([, v]) => v) as [string, string][],
    });
  } else if (status === 'released') {
    blocks.push({ p: say('email.checkIn.releasedInFull', { amount: cash(num(dep.amount), currency) }) });
  }
  if (num(d.lateFee)) blocks.push({ p: say('email.checkIn.lateFee', { amount: cash(num(d.lateFee), str(d.currency)) }) });
  const photos = arr(d.photoFiles).filter((p): p is string => typeof p === 'string');
  if (photos.length) blocks.push({ p: say('email.checkIn.photos', { count: photos.length }) });
  blocks.push({ action: [say('email.confirmed.seeRentals'), '/dashboard/rentals'] });
  const heading = reports.length ? say('email.checkIn.headingDamage') : say('email.checkIn.heading');
  return make(say('email.checkIn.subject', { bike: bikeName }), heading, blocks, photos.slice(0, 10).map((refId) => ({ kind: 'photo' as const, refId })));
}
