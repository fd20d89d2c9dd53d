import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { useT } from '../app/i18n.js';
import { ScrollToTopButton } from './ScrollToTopButton.js';
import { ShopNotices } from './ShopNotices.js';
import { HydrateLater } from './HydrateLater.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/**
 * Public pages: fixed header, the page, footer. The footer hydrates when it comes near the screen or is used
 * (HydrateLater). The page itself hydrates with the header, so what a visitor
 * sees first answers first; long pages put their lower sections in boundaries of their own (Home, bike detail).
 */
export function MainLayout() {
  const t = useT();
  return (
    <Layout className="site-layout">
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      <Layout.Content id="main-content" className="site-main" tabIndex={-1}>
        <ShopNotices />
        <Outlet />
      </Layout.Content>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
      <ScrollToTopButton />
    </Layout>
  );
}
