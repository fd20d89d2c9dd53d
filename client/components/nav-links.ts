import type { Session } from '../api/types.js';

export interface NavItem {
  to: string;
  label: string;
  /** Other paths that show this item as current ('/' for Home). */
  alsoActiveOn?: string[];
}

/** Spec section 2: the header links by auth state, in this order. */
export function navItemsFor(session: Session | null): NavItem[] {
  const home: NavItem = { to: '/home', label: 'Home', alsoActiveOn: ['/'] };
  const about: NavItem = { to: '/about', label: 'About' };
  const allBikes: NavItem = { to: '/allbikes', label: 'All Bikes', alsoActiveOn: ['/listings'] };
  return session
    ? [home, about, { to: '/dashboard', label: 'Dashboard' }, allBikes]
    : [home, about, { to: '/login', label: 'Login' }, { to: '/signup', label: 'Signup' }, allBikes];
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.alsoActiveOn?.includes(pathname)) return true;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
