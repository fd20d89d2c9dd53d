import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that hydrates when it is needed rather than with the page: when it comes near the
 * screen, or at once when the visitor acts on it. Until then it is the server's markup (visible, links work
 * natively) and costs the phone no script time; that is most of a long page's hydration on a first visit, and what
 * a phone's first seconds are spent on (bench/README.md "Lighthouse").
 *
 * How: the children sit in a Suspense boundary behind a gate. While the page hydrates, a closed gate suspends, so
 * React keeps the boundary's server HTML as it is (a dehydrated boundary) and hydrates the rest; when the gate opens,
 * React hydrates the boundary (the same markup, nothing re-created). The gate opens:
 * - when the part's first element comes within `margin` of the viewport (IntersectionObserver);
 * - on a click, key, touch, focus or pointer entering it: a capture listener on `window` opens it before React's own
 *   listener on the root sees the event, and React then hydrates the boundary synchronously and delivers the event
 *   (events on a boundary still blocked would not reach its handlers).
 * On the server, and for pages the browser renders itself (navigations after the first page), it is open: the
 * children render as usual.
 */

interface Gate {
  opened: boolean;
  promise: Promise<void>;
  open(): void;
}

const OPEN: Gate = { opened: true, promise: Promise.resolve(), open: () => undefined };

function closedGate(): Gate {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  const gate: Gate = {
    opened: false,
    promise,
    open() {
      if (gate.opened) return;
      gate.opened = true;
      resolve();
    },
  };
  return gate;
}

/** Events that open a gate when their target is inside its part (before React dispatches them). */
const WAKE_EVENTS = ['pointerdown', 'pointerover', 'mousedown', 'touchstart', 'click', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;
const waiting = new Map<Element, Gate>();
let listening = false;

function wakeOnEvent(event: Event): void {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, gate] of waiting) {
    if (element.contains(target)) {
      waiting.delete(element);
      gate.open();
    }
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  for (const type of WAKE_EVENTS) window.addEventListener(type, wakeOnEvent, { capture: true, passive: true });
}

const noSubscription = () => () => undefined;

/** True while the tree renders on the server or hydrates in the browser; false when the browser renders it. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * Suspends only while hydrating: when an update reaches the boundary before it opened (a context change), React
 * gives up hydrating it and renders it afresh, and then the children render at once instead of leaving it empty.
 */
function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  const hydrating = useHydrating();
  if (hydrating && !gate.opened) use(gate.promise);
  return children;
}

export interface HydrateLaterProps {
  children: ReactNode;
  /** How close to the viewport the part hydrates (IntersectionObserver rootMargin). */
  margin?: string;
}

export function HydrateLater({ children, margin = '200px' }: HydrateLaterProps) {
  const hydrating = useHydrating();
  const [gate] = useState<Gate>(() => (hydrating && typeof window !== 'undefined' ? closedGate() : OPEN));
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wrapper = ref.current;
    if (gate.opened || !wrapper) return;
    listen();
    waiting.set(wrapper, gate);
    const observed = wrapper.firstElementChild;
    const observer =
      observed && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) gate.open();
            },
            { rootMargin: margin },
          )
        : null;
    if (observer && observed) observer.observe(observed);
    else gate.open();
    void gate.promise.then(() => {
      observer?.disconnect();
      waiting.delete(wrapper);
    });
    return () => {
      observer?.disconnect();
      waiting.delete(wrapper);
    };
  }, [gate, margin]);

  // display: contents: the wrapper adds no box, the part lays out as if it were not there.
  return (
    <div ref={ref} className="okb-hydrate-later">
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}
