/**
 * `localStorage.userAuth` (spec section 3): what the UI remembers about the session. The token itself lives in an
 * httpOnly cookie that page scripts never see, so `token` is always null here.
 */
export const USER_AUTH_KEY = 'userAuth';

export interface UserAuth {
  auth: boolean;
  role: string | null;
  token: null;
}

const EMPTY: UserAuth = { auth: false, role: null, token: null };

export function readUserAuth(): UserAuth {
  if (typeof window === 'undefined') return EMPTY;
  try {
    const stored = JSON.parse(window.localStorage.getItem(USER_AUTH_KEY) ?? 'null') as Partial<UserAuth> | null;
    return stored ? { auth: stored.auth === true, role: typeof stored.role === 'string' ? stored.role : null, token: null } : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function writeUserAuth(value: UserAuth): void {
  try {
    window.localStorage.setItem(USER_AUTH_KEY, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the cookie session still works without it.
  }
}

export const rememberLogin = (role: string): void => writeUserAuth({ auth: true, role, token: null });

/** Logout keeps the role (spec section 4). */
export const rememberLogout = (): void => writeUserAuth({ ...readUserAuth(), auth: false, token: null });
