/**
 * The booking widget's frame talking to its host page (issue 26). The host's origin is the frame's parent's, as the
 * browser reports it (`location.ancestorOrigins`, else the referrer); CSP frame-ancestors already allowed only the
 * sites in WIDGET_ORIGINS to frame these pages, so that origin is one of them. Every message goes to exactly that
 * origin (postMessage's targetOrigin), never '*'; widget.js on the host accepts messages from the shop's origin and
 * its own frame only.
 */

export type HostMessage =
  | { type: 'okb:ready' }
  | { type: 'okb:close' }
  | { type: 'okb:navigate'; url: string }
  | { type: 'booking.created'; booking: Record<string, unknown> }
  | { type: 'booking.paid'; booking: Record<string, unknown> };

/** The host page's origin when this page is framed by one, else null (the page opened on its own). */
export function hostOrigin(): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] === 'null' ? null : ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Sends `message` to the host page; false when there is none (then the page acts on its own). */
export function tellHost(message: HostMessage): boolean {
  const origin = hostOrigin();
  if (!origin) return false;
  window.parent.postMessage({ source: 'okay-bike', ...message }, origin);
  return true;
}

/** The page the payer comes back to: the host's own address (`return`), only on the host's origin. */
export function hostReturnUrl(search: URLSearchParams): string | undefined {
  const origin = hostOrigin();
  const value = search.get('return');
  if (!origin || !value) return undefined;
  try {
    return new URL(value).origin === origin ? value : undefined;
  } catch {
    return undefined;
  }
}
