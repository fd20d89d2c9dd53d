import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';

/**
 * The path the menus mark: the page being opened while a navigation is under way, else the current one. Marking
 * the destination at once (instead of the page still on screen) keeps exactly one item marked, the one clicked.
 */
export function useDestinationPath(): string {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.location ? navigation.location.pathname : pathname;
}

/** A navigation shorter than this draws no bar (no flash on fast pages). */
const PROGRESS_DELAY_MS = 120;

/** A thin bar at the top of the window while the next page (its code or its data) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!busy || !shown) return null;
  return <div className="nav-progress" role="progressbar" aria-label="Loading the page" aria-valuetext="Loading" />;
}

/**
 * After a route change (a new path, not the first page and not a change of `?page=` on the same screen), focus
 * moves to the new page's main heading, so a screen reader announces where the visitor arrived and the keyboard
 * continues from the top of the new content.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    const heading = document.querySelector<HTMLElement>('#main-content h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
