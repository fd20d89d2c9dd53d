/** Every TanStack Query key of the app, so invalidations and prefetches agree on them. */
export const queryKeys = {
  /** The signed-in caller as the UI needs it (id, name, email, role), or null. */
  session: ['session'] as const,
  users: {
    all: ['users'] as const,
    me: () => ['users', 'me'] as const,
    list: (page: number, limit: number) => ['users', 'list', page, limit] as const,
  },
  bikes: {
    all: ['bikes'] as const,
    list: (params: Record<string, string | number | boolean | undefined>) => ['bikes', 'list', params] as const,
    /** Every bike of the fleet in the listing's order (the admin table filters and pages it on the client). */
    fleet: () => ['bikes', 'fleet'] as const,
    detail: (id: string) => ['bikes', 'detail', id] as const,
    related: (id: string) => ['bikes', 'related', id] as const,
    quote: (id: string, startTime: string, endTime: string, quantity: number, rentalId = '', addons = '', coupon = '') =>
      ['bikes', 'quote', id, startTime, endTime, quantity, rentalId, addons, coupon] as const,
    /** Add-ons that fit the bike, with what is free for the window (issue 25). */
    addons: (id: string, startTime: string, endTime: string, quantity: number) => ['bikes', 'addons', id, startTime, endTime, quantity] as const,
  },
  addons: {
    all: ['addons'] as const,
    list: () => ['addons', 'list'] as const,
    stock: (from: string, days: number) => ['addons', 'stock', from, days] as const,
  },
  coupons: {
    all: ['coupons'] as const,
    list: () => ['coupons', 'list'] as const,
  },
  fleet: {
    all: ['fleet'] as const,
    units: (bikeId: string) => ['fleet', 'units', bikeId] as const,
    timeline: (bikeId: string, from: string, to: string) => ['fleet', 'timeline', bikeId, from, to] as const,
  },
  rentals: {
    all: ['rentals'] as const,
    mine: () => ['rentals', 'mine'] as const,
    checkout: (paymentId: string) => ['rentals', 'checkout', paymentId] as const,
    allForAdmin: () => ['rentals', 'admin', 'all'] as const,
  },
  payments: {
    all: ['payments'] as const,
    detail: (id: string) => ['payments', id] as const,
    status: (id: string) => ['payments', id, 'status'] as const,
    attention: () => ['payments', 'attention'] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    forBike: (bikeId: string) => ['reviews', 'bike', bikeId] as const,
    mine: () => ['reviews', 'mine'] as const,
  },
  favourites: {
    all: ['favourites'] as const,
    mine: () => ['favourites', 'mine'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    summary: () => ['dashboard', 'summary'] as const,
  },
} as const;
