import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { ScrollToTopButton } from './ScrollToTopButton.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/** Public pages: fixed header, the page, footer. */
export function MainLayout() {
  return (
    <Layout className="site-layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <Layout.Content id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </Layout.Content>
      <SiteFooter />
      <ScrollToTopButton />
    </Layout>
  );
}
