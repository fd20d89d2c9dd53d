import type { ReactNode } from 'react';

/**
 * A box whose content may be wider than the screen (a table on a phone) and then scrolls sideways inside it, not
 * the page. It is a labelled region in the tab order, so the keyboard reaches it and scrolls it with the arrow
 * keys even when the content has nothing focusable (WCAG 2.1.1, axe scrollable-region-focusable; issue 20 item 21).
 * Put the table in it without antd's own `scroll`, so this box is the one that scrolls.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="okb-scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
