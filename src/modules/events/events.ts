/** Events partners can subscribe to (webhooks). Names are part of the public API. */
export const WEBHOOK_EVENTS = [
  'rental.created',
  'rental.booked',
  'rental.cancelled',
  'rental.rescheduled',
  'rental.returned',
  'rental.paid',
  'payment.succeeded',
  'payment.refunded',
  'bike.created',
  'bike.updated',
  'bike.deleted',
  'deposit.held',
  'deposit.released',
  'deposit.captured',
  'deposit.failed',
  'rental.checked_out',
  'rental.checked_in',
  'damage.reported',
  'agreement.signed',
  'coupon.redeemed',
  'giftcard.purchased',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Events told only to the customer, by email. */
export const CUSTOMER_ONLY_EVENTS = [
  'user.signed_up',
  'user.password_changed',
  'rental.pickup_reminder',
  'rental.return_due_soon',
  'rental.overdue',
  'deposit.confirmation_needed',
  'deposit.fallback_charged',
  'rental.check_in_summary',
  'giftcard.delivery',
] as const;
export type CustomerOnlyEventType = (typeof CUSTOMER_ONLY_EVENTS)[number];

/** The test event an admin sends to one endpoint (never fanned out). */
export const TEST_EVENT = 'webhook.test';

export type DomainEventType = WebhookEventType | CustomerOnlyEventType;

export const EMAIL_KINDS = [
  'welcome',
  'booking_confirmed',
  'payment_received',
  'pickup_reminder',
  'return_due_soon',
  'overdue',
  'cancelled',
  'rescheduled',
  'refunded',
  'password_changed',
  'deposit_held',
  'deposit_released',
  'deposit_captured',
  'deposit_confirmation_needed',
  'deposit_fallback_charge',
  'check_in_summary',
  'gift_card_purchased',
  'gift_card',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Which email (if any) the customer gets for an event. */
export const EMAIL_FOR_EVENT: Partial<Record<DomainEventType, EmailKind>> = {
  'user.signed_up': 'welcome',
  'user.password_changed': 'password_changed',
  'rental.booked': 'booking_confirmed',
  'payment.succeeded': 'payment_received',
  'rental.cancelled': 'cancelled',
  'rental.rescheduled': 'rescheduled',
  'payment.refunded': 'refunded',
  'rental.pickup_reminder': 'pickup_reminder',
  'rental.return_due_soon': 'return_due_soon',
  'rental.overdue': 'overdue',
  'deposit.held': 'deposit_held',
  'deposit.released': 'deposit_released',
  'deposit.captured': 'deposit_captured',
  'deposit.confirmation_needed': 'deposit_confirmation_needed',
  'deposit.fallback_charged': 'deposit_fallback_charge',
  'rental.check_in_summary': 'check_in_summary',
  // The purchaser's confirmation; the recipient's card (with its PDF) goes out on the send date.
  'giftcard.purchased': 'gift_card_purchased',
  'giftcard.delivery': 'gift_card',
};

export const isWebhookEvent = (type: string): type is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(type);
