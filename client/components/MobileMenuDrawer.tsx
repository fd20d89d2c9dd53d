import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { Link } from 'react-router-dom';
import { useDestinationPath } from '../app/navigation.js';
import { useSession } from '../api/users.js';
import { useLocalePath, useT } from '../app/i18n.js';
import { isNavItemActive, navItemsFor } from './nav-links.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { useLogoutFlow } from './use-logout-flow.js';

/** The header's slide-out menu on small screens, loaded by SiteHeader when it is first opened. */
export default function MobileMenuDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const session = useSession();
  const pathname = useDestinationPath();
  const { logout } = useLogoutFlow();
  const items = navItemsFor(session);
  const t = useT();
  const lp = useLocalePath();
  const close = onClose;
  return (
    <Drawer
      id="mobile-menu"
      title={t('nav.menu')}
      placement="right"
      size={300}
      open={open}
      onClose={close}
      closable={{ 'aria-label': t('nav.closeMenu') }}
      className="mobile-drawer"
    >
      <nav aria-label={t('nav.mobile')}>
        <ul className="mobile-nav">
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={lp(item.to)}
                  onClick={close}
                  className={active ? 'mobile-nav-link active' : 'mobile-nav-link'}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(item.label)}
                </Link>
              </li>
            );
          })}
        </ul>
        {session ? (
          <div className="mobile-nav-language">
            <LanguageSwitcher />
          </div>
        ) : null}
        {session ? (
          <ul className="mobile-nav mobile-nav-account" aria-label={t('nav.account')}>
            <li>
              <Link to="/dashboard/profile" onClick={close} className="mobile-nav-link">
                <UserOutlined /> {t('nav.myAccount')}
              </Link>
            </li>
            <li>
              <Link to="/dashboard/updateprofile" onClick={close} className="mobile-nav-link">
                <SettingOutlined /> {t('nav.settings')}
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
                {t('nav.logout')}
              </Button>
            </li>
          </ul>
        ) : null}
      </nav>
    </Drawer>
  );
}
