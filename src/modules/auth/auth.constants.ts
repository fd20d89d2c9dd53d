export const AUTH_COOKIE = 'okb_token';
export const JWT_ALGORITHM = 'HS256' as const;
