import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

export type { PaymentKind, PaymentStatus } from './types.js';

export type PaymentRental = Schemas['PaymentRentalDto'];

/** GET payments/{id}: what the payment result page shows (the payment line, its deadline, page and rental). */
export type Payment = Schemas['PaymentDto'];

export async function fetchPayment(api: HttpClient, id: string): Promise<Payment> {
  return (await api.get<Payment>(`payments/${encodeURIComponent(id)}`)).data;
}

export const paymentQuery = (api: HttpClient, id: string) =>
  queryOptions({ queryKey: queryKeys.payments.detail(id), queryFn: () => fetchPayment(api, id) });

/** GET payments/{id}/status: the outcome only, public by the payment's unguessable id (a visitor not signed in). */
export type PaymentOutcomeView = Schemas['PaymentStatusDto'];

export async function fetchPaymentStatus(api: HttpClient, id: string): Promise<PaymentOutcomeView> {
  return (await api.get<PaymentOutcomeView>(`payments/${encodeURIComponent(id)}/status`)).data;
}

export const paymentStatusQuery = (api: HttpClient, id: string) =>
  queryOptions({ queryKey: queryKeys.payments.status(id), queryFn: () => fetchPaymentStatus(api, id) });

/** The outcome of a payment for a visitor who is not signed in; polls like usePayment while pending. */
export function usePaymentStatus(id: string, { pollMs = 0, enabled = true }: { pollMs?: number; enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    ...paymentStatusQuery(api, id),
    enabled: enabled && id !== '',
    refetchInterval: (query) => (pollMs > 0 && query.state.data?.status === 'pending' ? pollMs : false),
  });
}

/**
 * One payment. `pollMs` refetches while the gateway has not reported the outcome yet (a webhook may land a moment
 * after the browser comes back); pass 0 to stop.
 */
export function usePayment(id: string, { pollMs = 0, enabled = true }: { pollMs?: number; enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    ...paymentQuery(api, id),
    enabled: enabled && id !== '',
    refetchInterval: (query) => (pollMs > 0 && query.state.data?.status === 'pending' ? pollMs : false),
  });
}

/** GET payments/attention (admin): a payment to look at, with its customer and the links to its documents. */
export interface AttentionPayment extends Payment {
  refundedAt: string | null;
  /** paid_after_close (being refunded), refund_failed, or null once the automatic refund went through. */
  attention: string | null;
  /** When the gateway reported it paid after its booking had lapsed. */
  paidAfterCloseAt: string | null;
  customer: { _id: string; name: string; email: string };
  /** `/api/...` path of its receipt PDF, once paid. */
  receiptUrl: string | null;
  /** `/api/...` path of its rental's invoice PDF, when there is one. */
  invoiceUrl: string | null;
}

export async function fetchAttentionPayments(api: HttpClient): Promise<AttentionPayment[]> {
  return (await api.get<AttentionPayment[]>('payments/attention')).data;
}

export const attentionPaymentsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.payments.attention(), queryFn: () => fetchAttentionPayments(api) });

export function useAttentionPayments() {
  return useQuery(attentionPaymentsQuery(useApi()));
}
