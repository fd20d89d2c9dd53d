import { FacebookFilled, InstagramOutlined, XOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { Link } from 'react-router-dom';

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Okay Bike on Facebook', icon: <FacebookFilled /> },
  { href: 'https://x.com/', label: 'Okay Bike on X (Twitter)', icon: <XOutlined /> },
  { href: 'https://www.instagram.com/', label: 'Okay Bike on Instagram', icon: <InstagramOutlined /> },
];

const FOOTER_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/contact', label: 'Contact Us' },
];

const EXPLORE_LINKS = [
  { to: '/allbikes', label: 'All Bikes' },
  { to: '/about', label: 'About Us' },
  { to: '/signup', label: 'Create an account' },
];

export function SiteFooter() {
  return (
    <Layout.Footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-contact">
          <h2 className="footer-heading">Let's keep in touch!</h2>
          <p className="footer-text">Find us on any of these platforms, we respond in 1-2 business days.</p>
          <ul className="social-links">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.label} className="social-link">
                  {link.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-columns" aria-label="Footer">
          <div>
            <h3 className="footer-column-title">Explore</h3>
            <ul className="footer-links">
              {EXPLORE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="footer-column-title">Useful links</h3>
            <ul className="footer-links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <div className="footer-bottom">
        <div className="footer-bottom-inner">
          <p className="copyright" suppressHydrationWarning>
            Copyright © {new Date().getFullYear()} Okay Bike. All rights reserved.
          </p>
        </div>
      </div>
    </Layout.Footer>
  );
}
