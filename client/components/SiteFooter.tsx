import { FacebookFilled, InstagramOutlined, XOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MessageId } from '../../locales/index.js';
import { useLocalePath, useT } from '../app/i18n.js';

const SOCIAL_LINKS: { href: string; label: MessageId; icon: ReactNode }[] = [
  { href: 'https://www.facebook.com/', label: 'footer.facebook', icon: <FacebookFilled /> },
  { href: 'https://x.com/', label: 'footer.x', icon: <XOutlined /> },
  { href: 'https://www.instagram.com/', label: 'footer.instagram', icon: <InstagramOutlined /> },
];

const FOOTER_LINKS: { to: string; label: MessageId }[] = [
  { to: '/privacy-policy', label: 'footer.privacy' },
  { to: '/terms-of-service', label: 'footer.terms' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/accessibility', label: 'footer.accessibility' },
];

const EXPLORE_LINKS: { to: string; label: MessageId }[] = [
  { to: '/allbikes', label: 'footer.allBikes' },
  { to: '/about', label: 'footer.aboutUs' },
  { to: '/gift-cards', label: 'footer.giftCards' },
  { to: '/signup', label: 'footer.createAccount' },
];

export function SiteFooter() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Layout.Footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-contact">
          <h2 className="footer-heading">{t('footer.keepInTouch')}</h2>
          <p className="footer-text">{t('footer.respond')}</p>
          <ul className="social-links">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={t(link.label)} className="social-link">
                  {link.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-columns" aria-label={t('footer.label')}>
          <div>
            <h3 className="footer-column-title">{t('footer.explore')}</h3>
            <ul className="footer-links">
              {EXPLORE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={lp(link.to)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="footer-column-title">{t('footer.usefulLinks')}</h3>
            <ul className="footer-links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={lp(link.to)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <div className="footer-bottom">
        <div className="footer-bottom-inner">
          <p className="copyright" suppressHydrationWarning>
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </p>
        </div>
      </div>
    </Layout.Footer>
  );
}
