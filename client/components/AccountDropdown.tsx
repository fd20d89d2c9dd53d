import { CalendarOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { cloneElement, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Session } from '../api/types.js';
import { useLogoutFlow } from './use-logout-flow.js';
import { useT } from '../app/i18n.js';

/**
 * The account menu's popup (antd Dropdown + Menu), loaded by UserMenu on the first click so its code is not in
 * every page's first load. It opens at once: the click that loaded it asked for it.
 */
export default function AccountDropdown({ session, children }: { session: Session; children: ReactElement<{ 'aria-expanded'?: boolean }> }) {
  const [open, setOpen] = useState(true);
  const { logout } = useLogoutFlow();
  const navigate = useNavigate();
  const t = useT();
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: session.email },
    // A customer's next booking in one tap from the header (issue 20 item 18).
    ...(session.role === 'user' ? [{ key: 'rentals', icon: <CalendarOutlined />, label: <Link to="/dashboard/rentals">{t('rentals.title')}</Link> }] : []),
    { key: 'account', icon: <UserOutlined />, label: <Link to="/dashboard/profile">{t('nav.myAccount')}</Link> },
    { key: 'settings', icon: <SettingOutlined />, label: <Link to="/dashboard/updateprofile">{t('nav.settings')}</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true, onClick: logout },
  ];
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          setOpen(false);
          // A pointer follows the item's link itself; Enter or Space on the focused item lands here alone.
          const to = key === 'rentals' ? '/dashboard/rentals' : key === 'account' ? '/dashboard/profile' : key === 'settings' ? '/dashboard/updateprofile' : null;
          if (to && domEvent.type === 'keydown') void navigate(to);
        },
      }}
      trigger={['click']}
      // Focus moves into the menu when it opens, so the arrow keys walk its items and Escape closes it.
      autoFocus
      placement="bottomRight"
      // The popup stays inside the header (the banner landmark), not loose at the end of <body> (axe region).
      getPopupContainer={(trigger) => trigger.closest('header') ?? document.body}
      open={open}
      onOpenChange={setOpen}
    >
      {cloneElement(children, { 'aria-expanded': open })}
    </Dropdown>
  );
}
