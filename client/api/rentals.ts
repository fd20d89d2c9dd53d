import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import type { QuoteLine } from './bikes.js';
import type { PaymentKind, PaymentStatus, RentalStatus } from './types.js';
import { queryKeys } from './query-keys.js';

export type { RentalStatus } from './types.js';

export interface RentalBike {
  _id: string;
  name: string;
  imgageurl: string;
  /** The bike's current price (major units). */
  pricePerHour: number;
  brand: string;
  model: string;
}

export interface RentalUser {
  _id: string;
  name: string;
  email: string;
}

export interface BookingFee {
  /** The booking-fee payment (GET payments/{id}, /payment/result?payment=): given by servers that name it. */
  _id?: string;
  /** Major units. */
  amount: number;
  currency: string;
  status: PaymentStatus;
}

/** The price fixed at booking for a window with a return time. */
export interface RentalQuote {
  total: number;
  currency: string;
  lines: QuoteLine[];
}

export interface Rental {
  _id: string;
  bikeId: RentalBike;
  userId: RentalUser;
  startTime: string;
  returnTime: string | null;
  isReturned: boolean;
  quantity: number;
  /** Price per hour at booking time (major units); totalCost uses it. */
  pricePerHour: number;
  currency: string;
  /** ceil(hours) x pricePerHour x quantity once returned, else 0 (major units). */
  totalCost: number;
  /** Truthy means paid (spec section 3); null while unpaid. */
  totalPaid: number | null;
  /** Checkout reference: rentals/trans/{paymentId} and rentals/fullpayment take it. */
  paymentId: string;
  reviewAdded: boolean;
  status: RentalStatus;
  bookingFee: BookingFee | null;
  holdExpiresAt: string | null;
  createdAt: string;
  // The rental engine's fields (issue 10). Optional: an older server leaves them out, and the screens then act as before.
  /** Planned return; null for an open-ended booking (priced by the hour at return). */
  endTime?: string | null;
  /** Fixed at booking when endTime is set. */
  quote?: RentalQuote | null;
  /** Added when returned after endTime + grace (major units). */
  lateFee?: number;
  units?: { _id: string; label: string }[];
  dueAt?: string | null;
  /** Not returned and past endTime + grace. */
  overdue?: boolean;
  /** The owner may still cancel (before the start). */
  canCancel?: boolean;
  /** Until then a cancel refunds the booking fee; after it the fee is kept. */
  freeCancellationUntil?: string | null;
  /** What the customer still owes (major units). */
  amountDue?: number;
  source?: 'online' | 'counter';
}

/** One payment line (booking fee or rental payment). */
export interface PaymentSummary {
  _id: string;
  kind: PaymentKind;
  /** Major units of `currency`. */
  amount: number;
  currency: string;
  status: PaymentStatus;
  provider: string;
  createdAt: string;
  completedAt: string | null;
}

/** GET rentals/rentalpayment: a returned rental with its money. */
export interface RentalPaymentReport extends Rental {
  /** totalCost - totalPaid (major units). */
  amountDue: number;
  payments: PaymentSummary[];
}

export interface CreateRentalInput {
  bikeId: string;
  /** ISO 8601. */
  startTime: string;
  quantity: number;
  /** ISO 8601; absent: open-ended. */
  endTime?: string;
}

export interface RescheduleInput {
  startTime: string;
  endTime?: string;
}

export type CounterPaymentMethod = 'cash' | 'card_terminal';

/** Admin, in the shop: a booking for a customer, without the online booking fee, optionally paid at the counter. */
export interface CounterSaleInput {
  customerEmail: string;
  bikeId: string;
  startTime: string;
  endTime?: string;
  quantity: number;
  paymentMethod: CounterPaymentMethod;
  paid: boolean;
}

export interface CreateRentalResult {
  rental: Rental;
  /** The gateway's hosted checkout: send the browser there with a full-page redirect. */
  payment_url: string;
  payment: PaymentSummary;
}

export interface FullPaymentInput {
  paymentId: string;
  /** Must equal the server's totalCost to the cent. */
  totalCost: number;
}

export interface PaymentUrlResult {
  payment_url: string;
  payment: PaymentSummary;
}

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

export async function fetchRentalPayments(api: HttpClient): Promise<RentalPaymentReport[]> {
  return (await api.get<RentalPaymentReport[]>('rentals/rentalpayment')).data;
}

export async function payRental(api: HttpClient, input: FullPaymentInput, idempotencyKey?: string): Promise<PaymentUrlResult> {
  return (await api.post<PaymentUrlResult>('rentals/fullpayment', input, idempotent(idempotencyKey))).data;
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

export const rentalPaymentsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.rentals.payments(), queryFn: () => fetchRentalPayments(api) });

/** The signed-in user's rentals (role user). */
export function useMyRentals() {
  const api = useApi();
  return useQuery(myRentalsQuery(api));
}

export function useRentalCheckout(paymentId: string) {
  const api = useApi();
  return useQuery(rentalCheckoutQuery(api, paymentId));
}

/** Admin: every rental with bike and renter. */
export function useAllRentals() {
  const api = useApi();
  return useQuery(allRentalsQuery(api));
}

/** Admin: returned rentals with what was paid and what is due. */
export function useRentalPayments() {
  const api = useApi();
  return useQuery(rentalPaymentsQuery(api));
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
function invalidateBookings(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
}

/** The owner cancels a booking before its start: the fee is refunded inside the free window, kept after it. */
export function useCancelRental() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelRental(api, id),
    onSuccess: () => invalidateBookings(queryClient),
  });
}

/** The owner moves a booking to another window (409 when it is not free). */
export function useRescheduleRental() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RescheduleInput & { id: string }) => rescheduleRental(api, id, input),
    onSuccess: () => invalidateBookings(queryClient),
  });
}

/** Admin: a counter sale. */
export function useCounterSale() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: CounterSaleInput & { idempotencyKey?: string }) => createCounterSale(api, input, idempotencyKey),
    onSuccess: () => invalidateBookings(queryClient),
  });
}
