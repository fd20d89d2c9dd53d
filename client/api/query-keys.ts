/** Every TanStack Query key of the app, so invalidations and prefetches agree on them. */
export const queryKeys = {
  /** The signed-in caller as the UI needs it (id, name, email, role), or null. */
  session: ['session'] as const,
  users: {
    all: ['users'] as const,
    me: () => ['users', 'me'] as const,
  },
} as const;
