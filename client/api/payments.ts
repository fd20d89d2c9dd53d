import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { PaymentSummary, RentalStatus } from './rentals.js';

/** refunded: a booking fee given back when its booking was cancelled inside the free-cancellation window. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired' | 'refunded';

/** booking_fee: paid when booking; rental: the cost after the return. */
export type PaymentKind = 'booking_fee' | 'rental';

export interface PaymentRental {
  _id: string;
  /** The rental's checkout reference. */
  paymentId: string;
  bikeId: { _id: string; name: string };
  bikeName: string;
  quantity: number;
  status: RentalStatus;
  isReturned: boolean;
  totalCost: number;
}

/** GET payments/{id}: what the payment result page shows (the payment line, its deadline, page and rental). */
export interface Payment extends PaymentSummary {
  /** A pending payment can be paid until then. */
  expiresAt: string | null;
  /** The hosted payment page, while pending. */
  payment_url: string | null;
  rental: PaymentRental;
}

export async function fetchPayment(api: HttpClient, id: string): Promise<Payment> {
  return (await api.get<Payment>(`payments/${encodeURIComponent(id)}`)).data;
}

export const paymentQuery = (api: HttpClient, id: string) =>
  queryOptions({ queryKey: queryKeys.payments.detail(id), queryFn: () => fetchPayment(api, id) });

/**
 * One payment. `pollMs` refetches while the gateway has not reported the outcome yet (a webhook may land a moment
 * after the browser comes back); pass 0 to stop.
 */
export function usePayment(id: string, { pollMs = 0 }: { pollMs?: number } = {}) {
  const api = useApi();
  return useQuery({
    ...paymentQuery(api, id),
    enabled: id !== '',
    refetchInterval: (query) => (pollMs > 0 && query.state.data?.status === 'pending' ? pollMs : false),
  });
}
