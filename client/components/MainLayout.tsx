import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ScrollToTopButton } from './ScrollToTopButton.js';
import { ShopNotices } from './ShopNotices.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/**
 * Public pages: fixed header, the page, footer. The footer is a Suspense boundary, which React hydrates as a task
 * of its own after the page (nothing in it suspends). The page itself hydrates with the header, so what a visitor
 * sees first answers first; long pages put their lower sections in boundaries of their own (Home, bike detail).
 */
export function MainLayout() {
  return (
    <Layout className="site-layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <Layout.Content id="main-content" className="site-main" tabIndex={-1}>
        <ShopNotices />
        <Outlet />
      </Layout.Content>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollToTopButton />
    </Layout>
  );
}
