import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Link } from 'react-router';
import type { Session } from '../api/types.js';
import { useLogoutFlow } from './use-logout-flow.js';

export function UserMenu({ session }: { session: Session }) {
  const { logout } = useLogoutFlow();
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: session.email },
    { key: 'account', icon: <UserOutlined />, label: <Link to="/dashboard/profile">My Account</Link> },
    { key: 'settings', icon: <SettingOutlined />, label: <Link to="/dashboard/updateprofile">Settings</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: logout },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      {/* No aria-label: the accessible name is the visible name (WCAG 2.5.3), kept for screen readers on phones. */}
      <Button type="text" className="user-menu-button">
        <Avatar size={30} className="user-avatar" aria-hidden="true">
          {session.name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <span className="user-menu-name desktop-visible">{session.name}</span>
        <span className="visually-hidden">account menu</span>
        <DownOutlined className="desktop-only" style={{ fontSize: 11 }} />
      </Button>
    </Dropdown>
  );
}
