import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { cloneElement, useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import type { Session } from '../api/types.js';
import { useLogoutFlow } from './use-logout-flow.js';

/**
 * The account menu's popup (antd Dropdown + Menu), loaded by UserMenu on the first click so its code is not in
 * every page's first load. It opens at once: the click that loaded it asked for it.
 */
export default function AccountDropdown({ session, children }: { session: Session; children: ReactElement<{ 'aria-expanded'?: boolean }> }) {
  const [open, setOpen] = useState(true);
  const { logout } = useLogoutFlow();
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: session.email },
    { key: 'account', icon: <UserOutlined />, label: <Link to="/dashboard/profile">My Account</Link> },
    { key: 'settings', icon: <SettingOutlined />, label: <Link to="/dashboard/updateprofile">Settings</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: logout },
  ];
  return (
    <Dropdown
      menu={{ items, onClick: () => setOpen(false) }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {cloneElement(children, { 'aria-expanded': open })}
    </Dropdown>
  );
}
