import { formatMessage, type Locale } from '../../../locales/index.js';

/** The signup form's fields, in the order the form shows them. */
export const SIGNUP_FIELDS = ['name', 'email', 'password', 'phone', 'address'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** A server error about a signup field ('email must be a valid email address'), with what was typed there. */
export interface SignupProblem {
  field: SignupField;
  serverMessage: string;
  value: string;
}

const EMPTY = {
  name: 'signup.empty.name',
  email: 'signup.empty.email',
  password: 'signup.empty.password',
  phone: 'signup.empty.phone',
  address: 'signup.empty.address',
} as const;

/**
 * The sentence shown under a field, written for people: the server's message names the rule it checked ('email
 * must be a valid email address'); the form says what to do about it. The toast stays the spec's 'All fields are
 * required'. The sentence is in `locale` (the page's language). A taken email is `taken` (the server's 409), whatever
 * language the server's message came in.
 */
export function signupFieldMessage({ field, serverMessage, value, taken = false }: SignupProblem & { taken?: boolean }, locale: Locale = 'en'): string {
  const message = serverMessage.toLowerCase();
  const say = (id: Parameters<typeof formatMessage>[1], values?: Record<string, string | number>) => formatMessage(locale, id, values);
  if (!value.trim()) return say(EMPTY[field]);
  if (field === 'email') {
    if (taken || message.includes('already')) return say('signup.emailExists');
    return say('signup.emailInvalid');
  }
  if (field === 'password') {
    const min = /at least (\d+)/.exec(message)?.[1];
    if (min) return say('signup.passwordMin', { min: Number(min) });
    if (message.includes('most common passwords')) return say('signup.passwordCommon');
  }
  const max = /(?:at most|shorter than or equal to|longer than) (\d+)/.exec(message)?.[1];
  if (max) return say('signup.maxLength', { max: Number(max) + 1 });
  return say('signup.checkField', { field });
}
