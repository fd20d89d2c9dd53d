import { LogoutOutlined, MenuOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../api/users.js';
import { BrandLink } from './BrandLink.js';
import { isNavItemActive, navItemsFor } from './nav-links.js';
import { ThemeToggle } from './ThemeToggle.js';
import { useLogoutFlow } from './use-logout-flow.js';
import { UserMenu } from './UserMenu.js';

/** Fixed header: brand, main navigation by auth state, theme toggle, account menu; a drawer on small screens. */
export function SiteHeader() {
  const session = useSession();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { logout } = useLogoutFlow();
  const items = navItemsFor(session);
  const close = () => setDrawerOpen(false);

  return (
    <Layout.Header className="site-header">
      <div className="site-header-inner">
        <BrandLink />
        <nav aria-label="Main" className="main-nav nav-wide">
          <ul>
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link to={item.to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-actions">
          <ThemeToggle />
          {session ? <UserMenu session={session} /> : null}
          <Button
            type="text"
            shape="circle"
            className="header-icon-button nav-narrow"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="mobile-menu"
            icon={<MenuOutlined />}
            onClick={() => setDrawerOpen(true)}
          />
        </div>
      </div>
      <Drawer
        id="mobile-menu"
        title="Menu"
        placement="right"
        size={300}
        open={drawerOpen}
        onClose={close}
        closable={{ 'aria-label': 'Close menu' }}
        className="mobile-drawer"
      >
        <nav aria-label="Mobile">
          <ul className="mobile-nav">
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    className={active ? 'mobile-nav-link active' : 'mobile-nav-link'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          {session ? (
            <ul className="mobile-nav mobile-nav-account" aria-label="Account">
              <li>
                <Link to="/dashboard/profile" onClick={close} className="mobile-nav-link">
                  <UserOutlined /> My Account
                </Link>
              </li>
              <li>
                <Link to="/dashboard/updateprofile" onClick={close} className="mobile-nav-link">
                  <SettingOutlined /> Settings
                </Link>
              </li>
              <li>
                <Button
                  type="text"
                  danger
                  block
                  className="mobile-nav-logout"
                  icon={<LogoutOutlined />}
                  onClick={() => {
                    close();
                    logout();
                  }}
                >
                  Logout
                </Button>
              </li>
            </ul>
          ) : null}
        </nav>
      </Drawer>
    </Layout.Header>
  );
}
