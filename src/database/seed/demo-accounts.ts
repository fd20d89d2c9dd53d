/** The demo accounts seeded in demo mode; the Login page's 'User' and 'Admin' buttons fill these in. */
export const DEMO_ACCOUNTS = {
  user: { name: 'Demo User', email: 'user@okaybike.demo', password: 'user12345' },
  admin: { name: 'Demo Admin', email: 'admin@okaybike.demo', password: 'admin12345' },
} as const;

/** The password of every generated (non-demo) customer of the demo data, at addresses of example.com. */
export const DEMO_EXTRA_PASSWORD = 'password123';
/** Where the demo data's generated customers live: a reserved domain, never a real person's address. */
export const DEMO_EXTRA_EMAIL_DOMAIN = 'example.com';
