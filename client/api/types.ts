export type Role = 'user' | 'admin';

/** A user as the API returns it (never with a password). */
export interface User {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: Role;
  createdAt: string;
}

/** Who is signed in, as far as the UI is concerned. */
export interface Session {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** When the account was created (ISO), when the server said so. */
  createdAt?: string;
}

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * pending_fee (booking fee unpaid, stock held until holdExpiresAt) -> booked -> returned (totalCost known) -> paid;
 * pending_fee or booked -> cancelled (fee failed, cancelled or expired; a booking cancelled by its customer).
 */
export type RentalStatus = 'pending_fee' | 'booked' | 'returned' | 'paid' | 'cancelled';

/** refunded: a booking fee given back when its booking was cancelled inside the free-cancellation window. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired' | 'refunded';

/** booking_fee: paid when booking; rental: the rental's cost; late_fee: a return after the window and its grace. */
export type PaymentKind = 'booking_fee' | 'rental' | 'late_fee';
