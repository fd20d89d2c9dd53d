import type { MessageId, useT } from '../../app/i18n.js';

/** The counter's and the fleet's words for values the API sends as codes, in the page's language (issue 27). */
type Translate = ReturnType<typeof useT>;

const UNIT_STATUS: Record<string, MessageId> = {
  active: 'fleet.unitStatus.active',
  maintenance: 'fleet.unitStatus.maintenance',
  retired: 'fleet.unitStatus.retired',
};

const RENTAL_STATE: Record<string, MessageId> = {
  booked: 'fleet.rentalState.booked',
  pending_fee: 'fleet.rentalState.pendingFee',
  returned: 'fleet.rentalState.returned',
  paid: 'fleet.rentalState.paid',
  cancelled: 'fleet.rentalState.cancelled',
};

/** A unit's status as a word ('active', 'in Wartung'); an unknown one as it came. */
export const unitStatusName = (status: string, t: Translate): string => (Object.hasOwn(UNIT_STATUS, status) ? t(UNIT_STATUS[status]) : status);

/** A rental's state as the timeline says it ('pending fee'); an unknown one with its underscore read as a space. */
export const rentalStateName = (state: string, t: Translate): string => (Object.hasOwn(RENTAL_STATE, state) ? t(RENTAL_STATE[state]) : state.replace('_', ' '));
