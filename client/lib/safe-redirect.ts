/** The query parameter Login and Signup read to bring the visitor back (e.g. to the bike and window they chose). */
export const REDIRECT_PARAM = 'redirect';

/**
 * A same-origin path to go back to after login or signup, or null: only an absolute path on this site ('/bike/1?x'),
 * never another origin ('//evil.example', '/\evil', 'https://…', 'javascript:…'), and never back to login or signup.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  try {
    const base = 'https://okaybike.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    if (url.pathname === '/login' || url.pathname === '/signup') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login` or `/signup` with the way back, when there is one. */
export const withRedirect = (path: '/login' | '/signup', back: string | null): string =>
  back ? `${path}?${REDIRECT_PARAM}=${encodeURIComponent(back)}` : path;
