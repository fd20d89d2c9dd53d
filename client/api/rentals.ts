import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import type { Schemas } from './types.js';
import { useApiMutation } from './mutations.js';
import { queryKeys } from './query-keys.js';

export type { RentalStatus } from './types.js';

export type RentalBike = Schemas['RentalBikeDto'];

export type RentalUser = Schemas['RentalUserDto'];

export type BookingFee = Schemas['BookingFeeDto'];

/** The price fixed at booking for a window with a return time. */
export type RentalQuote = Schemas['RentalQuoteDto'];

export type Rental = Schemas['RentalDto'];

/** One payment line (booking fee or rental payment). */
export type PaymentSummary = Schemas['PaymentSummaryDto'];

/** GET rentals/rentalpayment: a returned rental with its money. */
export type RentalPaymentReport = Schemas['RentalPaymentReportDto'];

export type CreateRentalInput = Schemas['CreateRentalDto'];

export type RescheduleInput = Schemas['RescheduleRentalDto'];

export type CounterPaymentMethod = Schemas['CounterSaleDto']['paymentMethod'];

/** Admin, in the shop: a booking for a customer, without the online booking fee, optionally paid at the counter. */
export type CounterSaleInput = Schemas['CounterSaleDto'];

export type CreateRentalResult = Schemas['CreateRentalResultDto'];

export type FullPaymentInput = Schemas['FullPaymentDto'];

export type PaymentUrlResult = Schemas['PaymentUrlDto'];

/**
 * A retry carrying the same key gets the first answer instead of booking (or charging) twice. `randomUUID` exists
 * only in secure contexts, so plain-http deployments fall back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const idempotent = (key: string | undefined) => (key ? { headers: { 'Idempotency-Key': key } } : undefined);

export async function createRental(api: HttpClient, input: CreateRentalInput, idempotencyKey?: string): Promise<CreateRentalResult> {
  return (await api.post<CreateRentalResult>('rentals', input, idempotent(idempotencyKey))).data;
}

export async function fetchMyRentals(api: HttpClient): Promise<Rental[]> {
  return (await api.get<Rental[]>('rentals')).data;
}

/** One of the caller's rentals by its paymentId (or _id), for the checkout screen. */
export async function fetchRentalForCheckout(api: HttpClient, paymentId: string): Promise<Rental> {
  return (await api.get<Rental>(`rentals/trans/${encodeURIComponent(paymentId)}`)).data;
}

export async function returnRental(api: HttpClient, id: string, returnTime: string): Promise<Rental> {
  return (await api.put<Rental>(`rentals/${encodeURIComponent(id)}/return`, undefined, { query: { returntime: returnTime } })).data;
}

export async function fetchAllRentals(api: HttpClient): Promise<Rental[]> {
  return (await api.get<Rental[]>('rentals/allrentalbike')).data;
}

/** GET rentals/rentalpayment (spec section 7): returned rentals with what was paid and what is due. No screen shows it. */
export async function fetchRentalPayments(api: HttpClient): Promise<RentalPaymentReport[]> {
  return (await api.get<RentalPaymentReport[]>('rentals/rentalpayment')).data;
}

export async function payRental(api: HttpClient, input: FullPaymentInput, idempotencyKey?: string): Promise<PaymentUrlResult> {
  return (await api.post<PaymentUrlResult>('rentals/fullpayment', input, idempotent(idempotencyKey))).data;
}

/** POST rentals/{id}/booking-fee: a new checkout for the booking fee of a booking still held after a declined or cancelled try. */
export async function payBookingFee(api: HttpClient, id: string): Promise<PaymentUrlResult> {
  return (await api.post<PaymentUrlResult>(`rentals/${encodeURIComponent(id)}/booking-fee`)).data;
}

export async function cancelRental(api: HttpClient, id: string): Promise<Rental> {
  return (await api.post<Rental>(`rentals/${encodeURIComponent(id)}/cancel`)).data;
}

export async function rescheduleRental(api: HttpClient, id: string, input: RescheduleInput): Promise<Rental> {
  return (await api.post<Rental>(`rentals/${encodeURIComponent(id)}/reschedule`, input)).data;
}

export async function createCounterSale(api: HttpClient, input: CounterSaleInput, idempotencyKey?: string): Promise<Rental> {
  return (await api.post<Rental>('rentals/counter', input, idempotent(idempotencyKey))).data;
}

export const myRentalsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.rentals.mine(), queryFn: () => fetchMyRentals(api) });

export const rentalCheckoutQuery = (api: HttpClient, paymentId: string) =>
  queryOptions({ queryKey: queryKeys.rentals.checkout(paymentId), queryFn: () => fetchRentalForCheckout(api, paymentId) });

export const allRentalsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.rentals.allForAdmin(), queryFn: () => fetchAllRentals(api) });

/** The signed-in user's rentals (role user). */
export function useMyRentals({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...myRentalsQuery(api), enabled });
}

/** Admin: every rental with bike and renter. */
export function useAllRentals() {
  const api = useApi();
  return useQuery(allRentalsQuery(api));
}

/**
 * Books a bike. The caller sends the browser to `payment_url` on success; the stock changed, so the bike's cached
 * quantity is dropped first (back/forward shows the server's number).
 */
export function useCreateRental() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: CreateRentalInput & { idempotencyKey?: string }) => createRental(api, input, idempotencyKey),
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.detail(input.bikeId) }),
      ]),
  });
}

/** Opens (or reuses) the payment of a returned rental's total cost; the caller redirects to `payment_url`. */
export function useFullPayment() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: FullPaymentInput & { idempotencyKey?: string }) => payRental(api, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all }),
  });
}

/** Admin confirms a return: the cost is computed and the units go back to stock (spec: invalidates user and bikes data). */
export function useReturnRental() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, returnTime }: { id: string; returnTime: string }) => returnRental(api, id, returnTime),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}

/** Everything a booking change touches: the rentals, the bike's free units and its quotes, the admin's fleet views. */
const BOOKING_KEYS = [queryKeys.rentals.all, queryKeys.bikes.all, queryKeys.fleet.all, queryKeys.dashboard.all];

/** The owner cancels a booking before its start: the fee is refunded inside the free window, kept after it. */
export function useCancelRental() {
  return useApiMutation((api, id: string) => cancelRental(api, id), BOOKING_KEYS);
}

/** The owner moves a booking to another window (409 when it is not free). */
export function useRescheduleRental() {
  return useApiMutation((api, { id, ...input }: RescheduleInput & { id: string }) => rescheduleRental(api, id, input), BOOKING_KEYS);
}

/** The owner tries the booking fee again while the hold lasts; the caller sends the browser to `payment_url`. */
export function usePayBookingFee() {
  return useApiMutation((api, id: string) => payBookingFee(api, id), [queryKeys.rentals.all]);
}

/** Admin: a counter sale. */
export function useCounterSale() {
  return useApiMutation(
    (api, { idempotencyKey, ...input }: CounterSaleInput & { idempotencyKey?: string }) => createCounterSale(api, input, idempotencyKey),
    BOOKING_KEYS,
  );
}

/** Issue 20 item 19: what confirming a return at `returnTime` would charge (the server's rule, the late fee included). */
export type ReturnPreview = Schemas['ReturnPreviewDto'];

export function useReturnPreview(id: string, returnTime: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['rentals', id, 'return-preview', returnTime],
    queryFn: async () => (await api.get<ReturnPreview>(`rentals/${encodeURIComponent(id)}/return-preview`, { query: { returntime: returnTime! } })).data,
    enabled: returnTime !== null,
    retry: false,
  });
}
