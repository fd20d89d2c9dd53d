/**
 * The booking widget's sign-in (issue 26). Inside the widget's frame on another site the browser keeps no
 * third-party cookie, so the frame signs in with the API's Bearer token instead: kept in memory and in the frame's
 * sessionStorage, which browsers partition by the top-level site (the host page's tab only, gone with the tab,
 * never shared with the shop's own pages in another tab). Only the /embed pages set it; the rest of the app keeps
 * its httpOnly cookie.
 */

const KEY = 'okb_embed_token';
let memory: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: the token lives in memory for this page only
  }
}

/** The frame's token, or null (then the API client relies on the cookie as everywhere else). */
export function embedToken(): string | null {
  if (memory) return memory;
  if (typeof window === 'undefined' || !/^\/embed(\/|$)/.test(window.location.pathname)) return null;
  memory = storage()?.getItem(KEY) ?? null;
  return memory;
}

export function setEmbedToken(token: string | null): void {
  memory = token;
  const store = storage();
  try {
    if (token) store?.setItem(KEY, token);
    else store?.removeItem(KEY);
  } catch {
    // full or blocked: memory still holds it
  }
}
