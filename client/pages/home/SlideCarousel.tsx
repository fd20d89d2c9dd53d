import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Carousel, type CarouselProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * antd's Carousel, accessible: slides off screen (and the looping clones) are made inert, so their links cannot
 * take keyboard focus while hidden from assistive technology; autoplay stops under prefers-reduced-motion.
 */
export function SlideCarousel({ children, autoplay, label, ...props }: CarouselProps & { children: ReactNode; label: string }) {
  const ref = useRef<HTMLElement>(null);
  const [reducedMotion, setReducedMotion] = useState(false);
  // Moving content must be pausable (WCAG 2.2.2): hover and focus pause it for a while, this button for good.
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    const root = ref.current;
    if (!root) return;
    const sync = () => {
      for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        if (slide.inert !== hidden) slide.inert = hidden;
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'], childList: true });
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={ref} aria-roledescription="carousel" aria-label={label} className="okb-carousel">
      <Carousel {...props} pauseOnFocus autoplay={reducedMotion || paused ? false : autoplay}>
        {children}
      </Carousel>
      {autoplay && !reducedMotion ? (
        <Button
          className="okb-carousel-toggle"
          size="small"
          type="text"
          icon={paused ? <CaretRightOutlined aria-hidden="true" /> : <PauseOutlined aria-hidden="true" />}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? `Play ${label.toLowerCase()}` : `Pause ${label.toLowerCase()}`}
        </Button>
      ) : null}
    </section>
  );
}
