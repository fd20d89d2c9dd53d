/** The signup form's fields, in the order the form shows them. */
export const SIGNUP_FIELDS = ['name', 'email', 'password', 'phone', 'address'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** A server error about a signup field ('email must be a valid email address'), with what was typed there. */
export interface SignupProblem {
  field: SignupField;
  serverMessage: string;
  value: string;
}

const EMPTY: Record<SignupField, string> = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  password: 'Please choose a password.',
  phone: 'Please enter a phone number we can reach you on.',
  address: 'Please enter your address.',
};

/**
 * The sentence shown under a field, written for people: the server's message names the rule it checked ('email
 * must be a valid email address'); the form says what to do about it. The toast stays the spec's 'All fields are
 * required'.
 */
export function signupFieldMessage({ field, serverMessage, value }: SignupProblem): string {
  const message = serverMessage.toLowerCase();
  if (!value.trim()) return EMPTY[field];
  if (field === 'email') {
    if (message.includes('already')) return 'An account with this email already exists. Log in instead, or use another email.';
    return 'That email address does not look right. Check it, for example name@example.com.';
  }
  if (field === 'password') {
    const min = /at least (\d+)/.exec(message)?.[1];
    if (min) return `Your password needs at least ${min} characters.`;
    if (message.includes('most common passwords')) return 'This password is one of the most common ones and easy to guess. Please choose another.';
  }
  const max = /(?:at most|shorter than or equal to|longer than) (\d+)/.exec(message)?.[1];
  if (max) return `Please keep this under ${Number(max) + 1} characters.`;
  return `Please check your ${field}.`;
}
