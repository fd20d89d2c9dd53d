import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { prefetchOrForget, unlessFailed } from './prefetch.js';

/**
 * Issue 20 item 20: a listing whose loader met a failure asked again from the page (four requests instead of one and
 * its retry). These pin the two halves of the fix: the browser keeps the loader's failure, and a page that stays
 * mounted while its key changes does not ask for a failed query again with `enabled: unlessFailed`.
 */

const failing = (calls: string[], key: string) => async () => {
  calls.push(key);
  throw new Error('unreachable');
};

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

describe('prefetchOrForget', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('forgets a failure on the server (the browser starts the query afresh)', async () => {
    const queryClient = client();
    await prefetchOrForget(queryClient, { queryKey: ['bikes', 'B'], queryFn: failing([], 'B') });
    expect(queryClient.getQueryState(['bikes', 'B'])).toBeUndefined();
  });

  it('keeps a failure in the browser, for the page to show', async () => {
    (globalThis as { window?: unknown }).window = {};
    const queryClient = client();
    await prefetchOrForget(queryClient, { queryKey: ['bikes', 'B'], queryFn: failing([], 'B') });
    expect(queryClient.getQueryState(['bikes', 'B'])?.status).toBe('error');
  });
});

describe('unlessFailed', () => {
  /** A page showing key A, then (the URL changed, the page stays mounted) key B, which the loader failed to get. */
  async function keyChange(enabled?: typeof unlessFailed): Promise<{ calls: string[]; status: string }> {
    const queryClient = client();
    const calls: string[] = [];
    const options = (key: string): QueryObserverOptions<string, Error, string, string, string[]> => ({
      queryKey: ['bikes', key],
      queryFn: key === 'A' ? async () => 'bikes' : failing(calls, key),
      retryOnMount: false,
      ...(enabled ? { enabled } : {}),
    });
    await queryClient.prefetchQuery(options('A'));
    await queryClient.prefetchQuery(options('B'));
    const observer = new QueryObserver(queryClient, options('A'));
    const unsubscribe = observer.subscribe(() => undefined);
    observer.setOptions(options('B'));
    await queryClient.getQueryCache().find({ queryKey: ['bikes', 'B'] })?.promise?.catch(() => undefined);
    const { status } = observer.getCurrentResult();
    unsubscribe();
    return { calls, status };
  }

  it('a failed query is stale, so a key change asks for it again even with retryOnMount: false', async () => {
    expect((await keyChange()).calls).toEqual(['B', 'B']);
  });

  it('with enabled: unlessFailed the page shows the failure without asking again', async () => {
    expect(await keyChange(unlessFailed)).toEqual({ calls: ['B'], status: 'error' });
  });

  it('a query never fetched, or one that has data, is enabled', () => {
    expect(unlessFailed({ state: { status: 'pending' } })).toBe(true);
    expect(unlessFailed({ state: { status: 'success' } })).toBe(true);
    expect(unlessFailed({ state: { status: 'error' } })).toBe(false);
  });
});
