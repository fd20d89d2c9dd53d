import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Carousel, type CarouselProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../components/Reveal.js';
import { useLocale, useT } from '../../app/i18n.js';

/**
 * antd's Carousel, accessible: slides off screen (and the looping clones) are made inert, so their links cannot
 * take keyboard focus while hidden from assistive technology; autoplay stops under prefers-reduced-motion, and a
 * Pause button stops it on request (WCAG 2.2.2: moving content needs a way to pause it).
 */
export function SlideCarousel({ children, autoplay, label, className, ...props }: CarouselProps & { children: ReactNode; label: string }) {
  const ref = useRef<HTMLElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const t = useT();
  // English names the carousel in lower case inside the sentence ('Pause highlights'); German nouns keep their capital.
  const named = useLocale() === 'en' ? label.toLowerCase() : label;
  const moving = Boolean(autoplay) && !reducedMotion;

  useEffect(() => {
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
    <section ref={ref} aria-roledescription="carousel" aria-label={label} className={className ? `okb-carousel ${className}` : 'okb-carousel'}>
      <Carousel {...props} autoplay={moving && !paused}>
        {children}
      </Carousel>
      {moving ? (
        <Button
          className="okb-carousel-toggle"
          size="small"
          shape="circle"
          icon={paused ? <CaretRightOutlined aria-hidden="true" /> : <PauseOutlined aria-hidden="true" />}
          aria-label={paused ? t('carousel.play', { label: named }) : t('carousel.pause', { label: named })}
          onClick={() => setPaused((p) => !p)}
        />
      ) : null}
    </section>
  );
}
