import { dehydrate, hydrate, QueryObserver } from '@tanstack/react-query';
import { asOfArrival, createQueryClient } from './query-client.js';

describe('asOfArrival', () => {
  it('a page rendered 20 s ago (served from the page cache) hydrates without asking the API again', async () => {
    const server = createQueryClient({ server: true });
    const renderedAt = Date.now() - 20_000;
    server.setQueryData(['bikes', { page: 1 }], { data: ['a bike'] }, { updatedAt: renderedAt });
    const state = dehydrate(server);

    let asked = 0;
    const queryFn = async () => {
      asked += 1;
      return { data: ['a bike'] };
    };
    // As the server stamped it: 20 s old, stale after 15 s, so mounting refetches.
    const stale = createQueryClient({ server: false });
    hydrate(stale, state);
    const first = new QueryObserver(stale, { queryKey: ['bikes', { page: 1 }], queryFn });
    const stopFirst = first.subscribe(() => undefined);
    await Promise.resolve();
    expect(asked).toBe(1);
    stopFirst();

    // As of its arrival: fresh, nothing asked.
    asked = 0;
    const fresh = createQueryClient({ server: false });
    hydrate(fresh, asOfArrival(state, Date.now()));
    const second = new QueryObserver(fresh, { queryKey: ['bikes', { page: 1 }], queryFn });
    const stopSecond = second.subscribe(() => undefined);
    await Promise.resolve();
    expect(asked).toBe(0);
    expect(second.getCurrentResult().data).toEqual({ data: ['a bike'] });
    stopSecond();
    stale.clear();
    fresh.clear();
  });

  it('leaves a failed or pending query as it is', () => {
    const state = {
      mutations: [],
      queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { status: 'error', dataUpdatedAt: 5, data: undefined } }],
    } as unknown as Parameters<typeof asOfArrival>[0];
    expect(asOfArrival(state, 1_000)).toEqual(state);
  });
});
