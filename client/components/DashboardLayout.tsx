import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useDestinationPath } from '../app/navigation.js';
import { useSession } from '../api/users.js';
import { useThemeMode } from '../app/theme-mode.js';
import { activeDashboardEntry, dashboardMenuFor } from './dashboard-menu.js';
import { SiteHeader } from './SiteHeader.js';
import { ShopNotices } from './ShopNotices.js';
import { useT } from '../app/i18n.js';

/** /dashboard/*: the site header, a collapsible side menu by role (a drawer on small screens), the content. */
export function DashboardLayout() {
  const session = useSession();
  const pathname = useDestinationPath();
  const { mode } = useThemeMode();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const t = useT();

  const entries = session ? dashboardMenuFor(session.role) : [];
  const selected = activeDashboardEntry(entries, pathname);
  const items: MenuProps['items'] = entries.map((entry) => ({
    key: entry.to,
    icon: entry.icon,
    label: <Link to={entry.to}>{entry.labelId ? t(entry.labelId) : entry.label}</Link>,
  }));
  // The item names' tooltips only help while the side menu is collapsed to its icons. Expanded (always on the
  // server) the menu renders without them: a Tooltip per item was the largest part of a signed-in page's render
  // (bench/README.md, issue 29).
  const menu = (onNavigate?: () => void, iconsOnly = false) => (
    <nav aria-label={t('dashboard.nav')}>
      <Menu
        mode="inline"
        theme={mode}
        tooltip={iconsOnly ? undefined : false}
        selectedKeys={selected ? [selected] : []}
        items={items}
        onClick={onNavigate}
        className="dashboard-menu"
      />
    </nav>
  );

  return (
    <Layout className="site-layout dashboard-layout">
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      <Layout hasSider className="dashboard-body">
        <Layout.Sider
          className="dashboard-sider desktop-only"
          theme={mode}
          width={248}
          collapsedWidth={76}
          collapsed={collapsed}
          trigger={null}
        >
          {menu(undefined, collapsed)}
        </Layout.Sider>
        <Layout.Content id="main-content" className="dashboard-content" tabIndex={-1}>
          <ShopNotices admin={session?.role === 'admin'} />
          <div className="dashboard-toolbar">
            <Button
              className="desktop-only"
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('dashboard.expand') : t('dashboard.collapse')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            />
            <Button
              className="mobile-only"
              icon={<MenuOutlined />}
              aria-expanded={drawerOpen}
              aria-controls="dashboard-drawer"
              onClick={() => setDrawerOpen(true)}
            >
              {t('dashboard.menuButton')}
            </Button>
          </div>
          <div className="dashboard-page">
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
      <Drawer
        id="dashboard-drawer"
        title={t('dashboard.title')}
        placement="left"
        size={280}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        closable={{ 'aria-label': t('dashboard.closeMenu') }}
        styles={{ body: { padding: 8 } }}
      >
        {menu(() => setDrawerOpen(false))}
      </Drawer>
    </Layout>
  );
}
