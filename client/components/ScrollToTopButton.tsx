import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useEffect, useState } from 'react';

/** Spec: shown once the page is scrolled beyond 20 percent of its height. */
export const SCROLL_TOP_THRESHOLD = 0.2;

export function ScrollToTopButton() {
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
    <FloatButton
      type="primary"
      icon={<VerticalAlignTopOutlined />}
      aria-label="Scroll to top"
      tooltip="Back to top"
      className="scroll-top-button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
