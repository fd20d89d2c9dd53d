import { formatMessage } from '../../../locales/index.js';

/** An account this young is new: its owner has not been here before, so nobody says "back". */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's heading. The spec's 'Welcome back, {name}!' greets returning users; an account created less than
 * a day ago (or whose age is unknown to be older) is greeted 'Welcome, {name}!'. Account age decides, not a
 * stored "first visit" flag, so the server and the browser render the same heading.
 */
export function dashboardGreeting(
  name: string,
  createdAt: string | undefined,
  now: number = Date.now(),
  t: (id: 'dashboardHome.welcome' | 'dashboardHome.welcomeBack', values: { name: string }) => string = (id, values) => formatMessage('en', id, values),
): string {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return t(isNew ? 'dashboardHome.welcome' : 'dashboardHome.welcomeBack', { name });
}
