import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useT } from '../app/i18n.js';

/** Spec: shown once the page is scrolled beyond 20 percent of its height. */
export const SCROLL_TOP_THRESHOLD = 0.2;

/**
 * A round primary button in the corner, styled in global.css with the theme's variables (a plain button: antd's
 * FloatButton would bring its badge and tooltip to every page's first load).
 */
export function ScrollToTopButton() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => {
      setVisible(window.scrollY > document.documentElement.scrollHeight * SCROLL_TOP_THRESHOLD);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={t('pub.scrollTop.label')}
      title={t('pub.scrollTop.title')}
      className="scroll-top-button"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
    >
      <VerticalAlignTopOutlined aria-hidden="true" />
    </button>
  );
}
