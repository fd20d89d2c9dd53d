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
