import { splitLocalePath, type MessageId } from '../../locales/index.js';
import type { Session } from '../api/types.js';

export interface NavItem {
  to: string;
  /** The link text's catalogue message. */
  label: MessageId;
  /** Other paths that show this item as current ('/' for Home). */
  alsoActiveOn?: string[];
}

/** Spec section 2: the header links by auth state, in this order. */
export function navItemsFor(session: Session | null): NavItem[] {
  const home: NavItem = { to: '/home', label: 'nav.home', alsoActiveOn: ['/'] };
  const about: NavItem = { to: '/about', label: 'nav.about' };
  const allBikes: NavItem = { to: '/allbikes', label: 'nav.allBikes', alsoActiveOn: ['/listings'] };
  return session
    ? [home, about, { to: '/dashboard', label: 'nav.dashboard' }, allBikes]
    : [home, about, { to: '/login', label: 'nav.login' }, { to: '/signup', label: 'nav.signup' }, allBikes];
}

/** `pathname` may carry a language prefix ('/de/allbikes' marks All Bikes). */
export function isNavItemActive(item: NavItem, localizedPathname: string): boolean {
  const pathname = splitLocalePath(localizedPathname).rest;
  if (item.alsoActiveOn?.includes(pathname)) return true;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
