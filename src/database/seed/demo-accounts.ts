/** The demo accounts seeded in demo mode; the Login page's 'User' and 'Admin' buttons fill these in. */
export const DEMO_ACCOUNTS = {
  user: { name: 'Demo User', email: 'user@okaybike.demo', password: 'user12345' },
  admin: { name: 'Demo Admin', email: 'admin@okaybike.demo', password: 'admin12345' },
} as const;
