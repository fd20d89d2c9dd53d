import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDestinationPath } from '../app/navigation.js';
import { useSession } from '../api/users.js';
import { useLocalePath, useT } from '../app/i18n.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { BrandLink } from './BrandLink.js';
import { isNavItemActive, navItemsFor } from './nav-links.js';
import { ThemeToggle } from './ThemeToggle.js';
import { UserMenu } from './UserMenu.js';

const loadDrawer = () => import('./MobileMenuDrawer.js');
const MobileMenuDrawer = lazy(loadDrawer);

/** Fixed header: brand, main navigation by auth state, theme toggle, account menu; a drawer on small screens. */
export function SiteHeader() {
  const session = useSession();
  // The page being opened is marked at once, so one item is marked while the old page is still on screen.
  const pathname = useDestinationPath();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on the first open (or when the pointer or focus reaches the button), not with the page.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const items = navItemsFor(session);
  const t = useT();
  const lp = useLocalePath();
  const close = () => setDrawerOpen(false);

  return (
    <Layout.Header className="site-header">
      <div className="site-header-inner">
        <BrandLink />
        <nav aria-label={t('nav.main')} className="main-nav nav-wide">
          <ul>
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link to={lp(item.to)} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                    {t(item.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-actions">
          {/* Signed in, a phone's header has no room for it beside the account menu: it moves into the menu drawer. */}
          <span className={session ? 'header-language header-language-tight' : 'header-language'}>
            <LanguageSwitcher />
          </span>
          <ThemeToggle />
          {session ? <UserMenu session={session} /> : null}
          <Button
            type="text"
            shape="circle"
            className="header-icon-button nav-narrow"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="mobile-menu"
            icon={<MenuOutlined />}
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={() => {
              setDrawerLoaded(true);
              setDrawerOpen(true);
            }}
          />
        </div>
      </div>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={drawerOpen} onClose={close} />
        </Suspense>
      ) : null}
    </Layout.Header>
  );
}
