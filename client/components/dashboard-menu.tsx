import {
  AppstoreOutlined,
  ApiOutlined,
  CalendarOutlined,
  CloudDownloadOutlined,
  ExclamationCircleOutlined,
  FileProtectOutlined,
  DashboardOutlined,
  MailOutlined,
  PlusCircleOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TagsOutlined,
  ShopOutlined,
  RollbackOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Role } from '../api/types.js';
import type { MessageId } from '../../locales/index.js';

export interface DashboardMenuEntry {
  to: string;
  label: string;
  /** The label's catalogue id: the menu follows the user's chosen language (`label` is its English text). */
  labelId?: MessageId;
  icon: ReactNode;
  /** Shown only to this role; absent: everyone signed in. */
  only?: Role;
}

/** Spec section 2, side menu entries in order; then the admin entries of later issues (Fleet and Counter Sale after Return Bikes, which they extend). */
export const DASHBOARD_MENU: DashboardMenuEntry[] = [
  { to: '/dashboard', label: 'Dashboard', labelId: 'dashboard.menu.home', icon: <DashboardOutlined /> },
  { to: '/dashboard/profile', label: 'Profile', labelId: 'dashboard.menu.profile', icon: <UserOutlined /> },
  { to: '/dashboard/rentals', label: 'Rentals', labelId: 'dashboard.menu.rentals', icon: <CalendarOutlined />, only: 'user' },
  { to: '/dashboard/myrentals', label: 'Add Review', labelId: 'dashboard.menu.addReview', icon: <StarOutlined />, only: 'user' },
  { to: '/dashboard/addbike', label: 'Add Bike', labelId: 'admin.menu.addBike', icon: <PlusCircleOutlined />, only: 'admin' },
  { to: '/dashboard/allbikes', label: 'All Bikes', labelId: 'admin.head.bikes.title', icon: <AppstoreOutlined />, only: 'admin' },
  { to: '/dashboard/returnbikes', label: 'Return Bikes', labelId: 'admin.head.returnBikes.title', icon: <RollbackOutlined />, only: 'admin' },
  { to: '/dashboard/fleet', label: 'Fleet', labelId: 'admin.head.fleet.title', icon: <ScheduleOutlined />, only: 'admin' },
  { to: '/dashboard/counter', label: 'Counter', labelId: 'admin.head.counter.title', icon: <ShopOutlined />, only: 'admin' },
  // Issue 25: add-ons, their stock for the week, and discount codes.
  { to: '/dashboard/addons', label: 'Add-ons & Codes', labelId: 'admin.head.addons.title', icon: <TagsOutlined />, only: 'admin' },
  { to: '/dashboard/allusers', label: 'All Users', labelId: 'admin.head.users.title', icon: <TeamOutlined />, only: 'admin' },
  // Issue 16, after the spec's entries: the outbox, partner webhooks, exports; issue 11: payments to look at.
  { to: '/dashboard/emails', label: 'Emails', labelId: 'admin.head.emails.title', icon: <MailOutlined />, only: 'admin' },
  { to: '/dashboard/webhooks', label: 'Webhooks', labelId: 'admin.head.webhooks.title', icon: <ApiOutlined />, only: 'admin' },
  { to: '/dashboard/exports', label: 'Exports', labelId: 'admin.head.exports.title', icon: <CloudDownloadOutlined />, only: 'admin' },
  { to: '/dashboard/payments', label: 'Payment Attention', labelId: 'admin.menu.payments', icon: <ExclamationCircleOutlined />, only: 'admin' },
  // Issue 26: opening hours, closed dates and the staff's calendar feeds.
  { to: '/dashboard/settings', label: 'Shop Settings', labelId: 'admin.head.settings.title', icon: <SettingOutlined />, only: 'admin' },
  // Issue 22: the rental agreement riders sign, its versions and the signed PDFs.
  { to: '/dashboard/agreement', label: 'Rental Agreement', labelId: 'admin.menu.agreement', icon: <FileProtectOutlined />, only: 'admin' },
];

export const dashboardMenuFor = (role: Role): DashboardMenuEntry[] =>
  DASHBOARD_MENU.filter((entry) => !entry.only || entry.only === role);

/** The entry to highlight: the longest path that prefixes the current one (updatebike/:id highlights All Bikes). */
export function activeDashboardEntry(entries: DashboardMenuEntry[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const aliases: Record<string, string> = { '/dashboard/updatebike': '/dashboard/allbikes', '/dashboard/updateprofile': '/dashboard/profile' };
  let best: string | undefined;
  for (const entry of entries) {
    const matches = path === entry.to || path.startsWith(`${entry.to}/`);
    if (matches && (!best || entry.to.length > best.length)) best = entry.to;
  }
  for (const [prefix, target] of Object.entries(aliases)) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && entries.some((e) => e.to === target)) return target;
  }
  return best;
}
