import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTopButton } from './ScrollToTopButton.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/**
 * Public pages: fixed header, the page, footer. The page and the footer are Suspense boundaries, which React
 * hydrates as tasks of their own after the header (nothing in them suspends on the server).
 */
export function MainLayout() {
  return (
    <Layout className="site-layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <Layout.Content id="main-content" className="site-main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollToTopButton />
    </Layout>
  );
}
