import type { components, operations } from './schema.js';

/**
 * The API's shapes, generated from openapi.yaml into schema.d.ts (`npm run api-types`; CI fails when it drifts).
 * The API client names them here and in its modules; a client-only view of one is derived from it, never written
 * out again.
 */
export type Schemas = components['schemas'];

/** An endpoint's query parameters, by its operationId in openapi.yaml. */
export type QueryParams<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

export type Role = Schemas['UserDto']['role'];

/** A user as the API returns it (never with a password). */
export type User = Schemas['UserDto'];

/** Who is signed in, as far as the UI is concerned. */
export type Session = Pick<User, 'name' | 'email' | 'role'> & {
  id: string;
  /** The language the user chose for the dashboard (issue 27); null or absent: English. */
  language?: string | null;
  /** When the account was created (ISO), when the server said so. */
  createdAt?: string;
};

/** The signup form's fields (the client always asks for role 'user'). */
export type SignupInput = Omit<Schemas['SignupDto'], 'role'>;

export type LoginInput = Schemas['LoginDto'];

/**
 * pending_fee (booking fee unpaid, stock held until holdExpiresAt) -> booked -> returned (totalCost known) -> paid;
 * pending_fee or booked -> cancelled (fee failed, cancelled or expired; a booking cancelled by its customer).
 */
export type RentalStatus = Schemas['RentalDto']['status'];

/** refunded: a booking fee given back when its booking was cancelled inside the free-cancellation window. */
export type PaymentStatus = Schemas['PaymentSummaryDto']['status'];

/** booking_fee: paid when booking; rental: the rental's cost; late_fee: a return after the window and its grace. */
export type PaymentKind = Schemas['PaymentSummaryDto']['kind'];
