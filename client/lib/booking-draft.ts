import { MAX_UNITS_PER_BOOKING } from './booking.js';

/** The booking being chosen on a bike page: datetime-local values on the shop's clock and a quantity. */
export interface BookingDraft {
  startTime: string;
  endTime: string;
  quantity: number;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The draft carried in a bike page's address (?start=&end=&quantity=), anything malformed dropped. */
export function readBookingDraft(params: URLSearchParams): BookingDraft {
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const quantity = Number(params.get('quantity'));
  return {
    startTime: LOCAL_TIME.test(start) ? start : '',
    endTime: LOCAL_TIME.test(end) ? end : '',
    quantity: Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_UNITS_PER_BOOKING ? quantity : 1,
  };
}

/** The bike page that opens 'Book Now' again with this draft (where login and signup send the customer back). */
export function bookingLink(bikeId: string, draft: BookingDraft): string {
  const query = new URLSearchParams({ book: '1' });
  if (draft.startTime) query.set('start', draft.startTime);
  if (draft.endTime) query.set('end', draft.endTime);
  if (draft.quantity > 1) query.set('quantity', String(draft.quantity));
  return `/bike/${encodeURIComponent(bikeId)}?${query}`;
}
