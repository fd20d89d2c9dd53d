import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { Session } from '../api/types.js';
import { useT } from '../app/i18n.js';

const loadDropdown = () => import('./AccountDropdown.js');
const AccountDropdown = lazy(loadDropdown);

/**
 * The signed-in visitor's name in the header; a click opens My Account, Settings and Logout. The popup's code
 * loads when the pointer or keyboard focus reaches the button, so the first click opens it without waiting.
 */
export function UserMenu({ session }: { session: Session }) {
  const t = useT();
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadDropdown();
  const trigger = (onClick?: () => void) => (
    // No aria-label: the accessible name is the visible name (WCAG 2.5.3), kept for screen readers on phones.
    <Button
      type="text"
      className="user-menu-button"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {/* The initial in a circle (antd's Avatar would bring its group popover to every page). */}
      <span className="user-avatar" aria-hidden="true">
        {session.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <span className="user-menu-name desktop-visible">{session.name}</span>
      <span className="visually-hidden">{t('pub.userMenu.accountMenu')}</span>
      <DownOutlined className="desktop-only" style={{ fontSize: 11 }} />
    </Button>
  );
  if (!wanted) return trigger(() => setWanted(true));
  return (
    <Suspense fallback={trigger()}>
      <AccountDropdown session={session}>{trigger()}</AccountDropdown>
    </Suspense>
  );
}
