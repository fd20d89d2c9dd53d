import { useEffect, useRef, useState, useSyncExternalStore, type ElementType, type ReactNode } from 'react';
import './reveal.css';

/** Spec section 2 (Home): scroll animations run 800 ms, ease-in-out, and may repeat. */
export const REVEAL_DURATION_MS = 800;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The visitor's motion preference. The server (and hydration) assume reduced motion, so nothing starts moving
 * before the browser has answered.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

type Phase = 'static' | 'hidden' | 'shown';

interface RevealProps {
  children: ReactNode;
  /** How the content appears: rising, or growing in place (never sideways, which would widen narrow screens). */
  from?: 'up' | 'zoom';
  /** Stagger for siblings that enter together. */
  delayMs?: number;
  as?: ElementType;
  className?: string;
}

/**
 * Fades its content in when it scrolls into view and out again when it leaves (so the animation repeats).
 * The server renders the content visible ('static'); only after hydration, and only when the visitor accepts
 * motion, is the hidden state applied: content never depends on JavaScript to be seen.
 */
export function Reveal({ children, from = 'up', delayMs = 0, as: Tag = 'div', className }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [phase, setPhase] = useState<Phase>('static');
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || typeof IntersectionObserver === 'undefined') {
      setPhase('static');
      return;
    }
    // What is already on screen stays visible instead of blinking out and back in.
    const rect = element.getBoundingClientRect();
    setPhase(rect.top < window.innerHeight && rect.bottom > 0 ? 'shown' : 'hidden');
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPhase(entry.isIntersecting ? 'shown' : 'hidden');
      },
      // Threshold 0 with a margin, so content taller than the screen still triggers.
      { threshold: 0, rootMargin: '0px 0px -8% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion]);

  const classes = ['reveal', `reveal-from-${from}`];
  if (phase !== 'static') classes.push('reveal-armed');
  if (phase === 'shown') classes.push('reveal-shown');
  if (className) classes.push(className);
  return (
    <Tag
      ref={ref}
      className={classes.join(' ')}
      style={phase !== 'static' && delayMs ? { transitionDelay: `${delayMs}ms` } : undefined}
    >
      {children}
    </Tag>
  );
}
